import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { GroupCommit } from '@cps/persistence';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Claims up to $2 due connections for owner $1 for $3 ms, skipping the connection ids in $4
 * (CollectionStateRepository.claimDue); exported so
 * bench/sync/scale.mjs explains the statement the scheduler runs, not a copy of it.
 */
export const CLAIM_DUE_SQL = `WITH due AS (
         SELECT s.connection_id
           FROM sync.collection_states s
           JOIN sync.connections c ON c.id = s.connection_id
          WHERE c.status = 'active' AND c.deleted_at IS NULL AND NOT c.is_simulated
            AND s.next_poll_at <= now()
            AND (s.lease_expires_at IS NULL OR s.lease_expires_at <= now())
            AND s.connection_id <> ALL($4::text[])
          ORDER BY s.next_poll_at
          LIMIT $2
          FOR UPDATE OF s SKIP LOCKED
       )
       UPDATE sync.collection_states s
          SET lease_owner = $1, lease_expires_at = now() + $3 * interval '1 millisecond', poll_requested = false
         FROM due
        WHERE s.connection_id = due.connection_id
       RETURNING s.connection_id, s.team_id, s.retailer_id, s.credentials_sealed, s.credentials_version,
                 s.session_sealed, s.cursor, s.consecutive_failures`;

/** A connection a scheduler process has claimed: what one poll needs. */
export interface CollectionClaim {
  connectionId: string;
  teamId: string;
  retailerId: string;
  credentialsSealed: string;
  /** Grows with every link; a poll only writes back while it is unchanged. */
  credentialsVersion: number;
  sessionSealed: string | null;
  cursor: string | null;
  consecutiveFailures: number;
}

interface ClaimRow {
  connection_id: string;
  team_id: string;
  retailer_id: string;
  credentials_sealed: string;
  credentials_version: number;
  session_sealed: string | null;
  cursor: string | null;
  consecutive_failures: number;
}

/** How a poll's end was written (CollectionStateRepository.finishPoll). */
export interface FinishedPoll {
  /** The lease was still this poll's: the end is recorded. */
  held: boolean;
  /** A push asked for another poll while this one ran: it is due again now. */
  dueNow: boolean;
}

interface FinishRow {
  claim: CollectionClaim;
  owner: string;
  delayMs: number;
}

/** What the link flow stores when a sign-in succeeds. */
export interface LinkedAccount {
  connectionId: string;
  teamId: string;
  retailerId: string;
  credentialsSealed: string;
  sessionSealed: string;
  /** Forget the cursor: another retailer account was linked, its history is collected from the start. */
  resetCursor: boolean;
  /** retailerAccountRef of the linked account: how a retailer's push names it. */
  accountRef: string;
  now: Date;
}

/**
 * Per-connection collection state and the lease that keeps several sync-service processes from polling one
 * connection at the same time. Lease times use the database clock, so processes on machines whose clocks
 * differ still agree. Every write of a poll names the lease owner and the credentials version it started
 * with: a poll that lost its lease, or whose connection was re-linked meanwhile, writes nothing.
 */
@Injectable()
export class CollectionStateRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The stored sealed credentials of a connection, locked until `tx` ends (the link flow replaces them). */
  async lockCredentials(tx: EntityManager, connectionId: string): Promise<string | null> {
    const rows: Array<{ credentials_sealed: string }> = await tx.query(
      `SELECT credentials_sealed FROM sync.collection_states WHERE connection_id = $1 FOR UPDATE`,
      [connectionId],
    );
    return rows[0]?.credentials_sealed ?? null;
  }

  /** A (re-)link: new credentials and session, poll now (the first one backfills the account's history). */
  async saveLinkedAccount(tx: EntityManager, account: LinkedAccount): Promise<void> {
    await tx.query(
      `INSERT INTO sync.collection_states AS s
              (connection_id, team_id, retailer_id, credentials_sealed, session_sealed, next_poll_at,
               created_at, updated_at, account_ref)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $6, $8)
       ON CONFLICT (connection_id) DO UPDATE SET
         credentials_sealed = EXCLUDED.credentials_sealed,
         account_ref = EXCLUDED.account_ref,
         credentials_version = s.credentials_version + 1,
         session_sealed = EXCLUDED.session_sealed,
         cursor = CASE WHEN $7 THEN NULL ELSE s.cursor END,
         next_poll_at = EXCLUDED.next_poll_at,
         consecutive_failures = 0,
         last_error = NULL,
         updated_at = EXCLUDED.updated_at`,
      [
        account.connectionId,
        account.teamId,
        account.retailerId,
        account.credentialsSealed,
        account.sessionSealed,
        account.now,
        account.resetCursor,
        account.accountRef,
      ],
    );
  }

  /**
   * A retailer pushed "new orders" for an account: its active connections become due now (their next poll is not
   * moved later), and one being polled right now is polled again as soon as that poll ends (`poll_requested`).
   * Answers how many connections were asked.
   */
  async requestPoll(retailerId: string, accountRef: string): Promise<number> {
    const [, updated]: [unknown, number] = await this.dataSource.query(
      `UPDATE sync.collection_states s
          SET poll_requested = true, next_poll_at = least(s.next_poll_at, now())
         FROM sync.connections c
        WHERE c.id = s.connection_id AND c.status = 'active' AND c.deleted_at IS NULL
          AND s.retailer_id = $1 AND s.account_ref = $2`,
      [retailerId, accountRef],
    );
    return updated;
  }

  /**
   * Claims up to `limit` due connections for `owner` for `leaseMs`: active, not deleted, real, due, and not
   * leased by a live process. SKIP LOCKED lets concurrent claimers pass each other's rows instead of waiting.
   * `busy`: connections whose earlier poll in this process is still winding down (its lease given back, its
   * bookkeeping not yet done); claiming one again would let that bookkeeping release the new poll's lease.
   */
  async claimDue(owner: string, limit: number, leaseMs: number, busy: string[] = []): Promise<CollectionClaim[]> {
    if (limit <= 0) return [];
    // An UPDATE answers [rows, affected] through TypeORM's query().
    const [rows]: [ClaimRow[], number] = await this.dataSource.query(CLAIM_DUE_SQL, [owner, limit, leaseMs, busy]);
    return rows.map((row) => ({
      connectionId: row.connection_id,
      teamId: row.team_id,
      retailerId: row.retailer_id,
      credentialsSealed: row.credentials_sealed,
      credentialsVersion: row.credentials_version,
      sessionSealed: row.session_sealed,
      cursor: row.cursor,
      consecutiveFailures: row.consecutive_failures,
    }));
  }

  /** Extends a lease still held by `owner`; false when it was lost (expired and taken, or the row is gone). */
  async renewLease(owner: string, connectionId: string, leaseMs: number): Promise<boolean> {
    const [, updated]: [unknown, number] = await this.dataSource.query(
      `UPDATE sync.collection_states SET lease_expires_at = now() + $3 * interval '1 millisecond'
        WHERE connection_id = $1 AND lease_owner = $2`,
      [connectionId, owner, leaseMs],
    );
    return updated > 0;
  }

  /** Stores the cursor after a page, inside the transaction that stored the page's purchases. */
  async saveCursor(tx: EntityManager, claim: CollectionClaim, owner: string, cursor: string): Promise<boolean> {
    return this.updateHeld(tx, claim, owner, `cursor = $4`, [cursor]);
  }

  /** A fresh retailer session (after signing in again with the stored credentials). */
  async saveSession(claim: CollectionClaim, owner: string, sessionSealed: string | null): Promise<boolean> {
    return this.updateHeld(this.dataSource.manager, claim, owner, `session_sealed = $4`, [sessionSealed]);
  }

  /**
   * The poll went well: next regular poll in `delayMs` (now, if a push came in meanwhile: `dueNow`), lease released;
   * `held` false when the lease was lost before. The polls that end while one is being written are written together
   * by the next statement (group commit, ADR 0018).
   */
  finishPoll(claim: CollectionClaim, owner: string, delayMs: number): Promise<FinishedPoll> {
    return this.finishes.submit({ claim, owner, delayMs });
  }

  private readonly finishes = new GroupCommit<FinishRow, FinishedPoll>({
    maxBatch: 64,
    write: (rows) => this.finishPolls(rows),
  });

  private async finishPolls(rows: FinishRow[]): Promise<FinishedPoll[]> {
    const [finished]: [Array<{ connection_id: string; poll_requested: boolean }>, number] = await this.dataSource.query(
      `UPDATE sync.collection_states s
          SET next_poll_at = CASE WHEN s.poll_requested THEN now() ELSE now() + i.delay_ms * interval '1 millisecond' END,
              consecutive_failures = 0, last_error = NULL, last_polled_at = now(), last_succeeded_at = now(),
              lease_owner = NULL,
              lease_expires_at = NULL, updated_at = now()
         FROM unnest($1::text[], $2::text[], $3::int[], $4::float8[])
           AS i (connection_id, lease_owner, credentials_version, delay_ms)
        WHERE s.connection_id = i.connection_id AND s.lease_owner = i.lease_owner
          AND s.credentials_version = i.credentials_version
       RETURNING s.connection_id, s.poll_requested`,
      [
        rows.map((row) => row.claim.connectionId),
        rows.map((row) => row.owner),
        rows.map((row) => row.claim.credentialsVersion),
        rows.map((row) => row.delayMs),
      ],
    );
    const requested = new Map(finished.map((row) => [row.connection_id, row.poll_requested]));
    return rows.map((row) => {
      const pollRequested = requested.get(row.claim.connectionId);
      return { held: pollRequested !== undefined, dueNow: pollRequested === true };
    });
  }

  /** The poll failed: back off this connection only, remember why, release the lease. */
  async failPoll(claim: CollectionClaim, owner: string, delayMs: number, error: string): Promise<boolean> {
    return this.updateHeld(
      this.dataSource.manager,
      claim,
      owner,
      `next_poll_at = now() + $4 * interval '1 millisecond', consecutive_failures = consecutive_failures + 1,
       last_error = $5, last_polled_at = now(), lease_owner = NULL, lease_expires_at = NULL`,
      [delayMs, error.slice(0, 500)],
    );
  }

  /** Gives the connection back without touching its schedule (shutdown, or it was re-linked meanwhile). */
  async release(connectionId: string, owner: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE sync.collection_states SET lease_owner = NULL, lease_expires_at = NULL
        WHERE connection_id = $1 AND lease_owner = $2`,
      [connectionId, owner],
    );
  }

  /** Whether the claim's lease and credentials still hold, row-locked until `tx` ends (before a status change). */
  async lockHeld(tx: EntityManager, claim: CollectionClaim, owner: string): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `SELECT 1 FROM sync.collection_states
        WHERE connection_id = $1 AND lease_owner = $2 AND credentials_version = $3 FOR UPDATE`,
      [claim.connectionId, owner, claim.credentialsVersion],
    );
    return rows.length > 0;
  }

  /** Forgets the session after the connection became unauthenticated; the lease is released. */
  async dropSession(tx: EntityManager, claim: CollectionClaim, owner: string, error: string): Promise<boolean> {
    return this.updateHeld(
      tx,
      claim,
      owner,
      `session_sealed = NULL, last_error = $4, last_polled_at = now(), lease_owner = NULL, lease_expires_at = NULL`,
      [error],
    );
  }

  private async updateHeld(
    manager: EntityManager,
    claim: CollectionClaim,
    owner: string,
    set: string,
    values: unknown[],
  ): Promise<boolean> {
    const [, updated]: [unknown, number] = await manager.query(
      `UPDATE sync.collection_states SET ${set}, updated_at = now()
        WHERE connection_id = $1 AND lease_owner = $2 AND credentials_version = $3`,
      [claim.connectionId, owner, claim.credentialsVersion, ...values],
    );
    return updated > 0;
  }
}
