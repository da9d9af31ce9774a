import { Column, Entity } from 'typeorm';
import { CustomerRow } from '../connections/customer-row.js';

/** A customer link token. The raw token is never stored in clear: `tokenHash` is its SHA-256 (hex). */
@Entity('link_tokens')
export class LinkTokenEntity extends CustomerRow {
  @Column('text')
  tokenHash!: string;

  @Column('timestamptz')
  createdAt!: Date;

  @Column('timestamptz')
  expiresAt!: Date;

  @Column('timestamptz', { nullable: true })
  revokedAt!: Date | null;

  /** `X-Service-Idempotency-Key`, unique per team; null when the request had none. */
  @Column('text', { nullable: true })
  idempotencyKey!: string | null;

  /** SHA-256 of the canonical request (linkTokenRequestIdentity), to tell a retry from a reuse of the key. */
  @Column('text', { nullable: true })
  requestHash!: string | null;

  /** The raw token sealed with SecretBox, only with an idempotency key, so a retry gets the same token. */
  @Column('text', { nullable: true })
  tokenSealed!: string | null;
}
