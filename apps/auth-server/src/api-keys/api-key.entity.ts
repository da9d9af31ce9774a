import { Column, CreateDateColumn, Entity } from 'typeorm';
import { TeamRow } from '@cps/persistence';

@Entity('api_keys')
export class ApiKeyEntity extends TeamRow {
  @Column('text')
  name!: string;

  @Column('text')
  prefix!: string;

  @Column('text')
  secretHash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** To the minute: verifying a key writes at most once a minute. */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  /** From then on the key is refused (null: never). */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;
}
