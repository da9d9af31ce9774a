import { type SyncContracts } from '@cps/contracts';
import { Column, Entity } from 'typeorm';
import { CustomerRow } from '../connections/customer-row.js';

export type LinkSessionState = SyncContracts.LinkSessionState;
export type LinkErrorCode = SyncContracts.LinkErrorCode;
export type LinkEntry = SyncContracts.LinkEntry;

/**
 * One hosted link flow in progress (see the migration). Found by the SHA-256 of the secret the gateway
 * keeps in the shopper's cookie; the password and a pending code challenge are sealed, and only while needed.
 */
@Entity('link_sessions')
export class LinkSessionEntity extends CustomerRow {
  @Column('text')
  secretHash!: string;

  @Column('text')
  entry!: LinkEntry;

  /** The link token the flow started from (its status is checked again when the link completes). */
  @Column('text', { nullable: true })
  linkTokenId!: string | null;

  /** Set when the entry names the retailer (a retailer's link_url, a re-authentication): no selection page. */
  @Column('text', { nullable: true })
  fixedRetailerId!: string | null;

  /** The connection a re-authentication is for. */
  @Column('text', { nullable: true })
  targetConnectionId!: string | null;

  @Column('text', { nullable: true })
  redirectUrl!: string | null;

  @Column('text')
  state!: LinkSessionState;

  @Column('text', { nullable: true })
  retailerId!: string | null;

  @Column('text', { nullable: true })
  errorCode!: LinkErrorCode | null;

  @Column('boolean')
  errorRetryable!: boolean;

  @Column('integer', { nullable: true })
  attemptsLeft!: number | null;

  @Column('integer')
  failedSignIns!: number;

  @Column('text', { nullable: true })
  credentialsSealed!: string | null;

  @Column('text', { nullable: true })
  challengeSealed!: string | null;

  @Column('text', { nullable: true })
  codeSentTo!: string | null;

  /** The history window the shopper granted in the consent step; null until answered (sign-in waits for it). */
  @Column('integer', { nullable: true })
  sharingWindowDays!: number | null;

  /** The linked connection, once the flow succeeded. */
  @Column('text', { nullable: true })
  connectionId!: string | null;

  @Column('integer')
  version!: number;

  @Column('timestamptz')
  createdAt!: Date;

  @Column('timestamptz')
  updatedAt!: Date;

  @Column('timestamptz')
  expiresAt!: Date;
}

/** The fields a step of the flow changes. */
export type LinkSessionChanges = Partial<
  Pick<
    LinkSessionEntity,
    | 'state'
    | 'retailerId'
    | 'errorCode'
    | 'errorRetryable'
    | 'attemptsLeft'
    | 'failedSignIns'
    | 'credentialsSealed'
    | 'challengeSealed'
    | 'codeSentTo'
    | 'connectionId'
    | 'sharingWindowDays'
  >
>;
