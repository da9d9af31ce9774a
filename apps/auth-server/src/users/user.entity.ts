import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  email!: string;

  @Column('text')
  passwordHash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

@Entity('memberships')
export class MembershipEntity {
  @PrimaryColumn('text')
  userId!: string;

  @PrimaryColumn('text')
  teamId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
