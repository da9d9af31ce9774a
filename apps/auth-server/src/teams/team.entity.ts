import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('teams')
export class TeamEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  name!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
