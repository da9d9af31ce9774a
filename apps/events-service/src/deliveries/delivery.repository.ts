import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DeliveryStatus, type DeliveryTransition } from '@cps/domain';
import { GroupCommit } from '@cps/persistence';
import { DataSource, type EntityManager } from 'typeorm';
import { claimDue, type LeasedRowProgress, type LeasedWork } from '../leases/claim-due.js';

/** Postgres channel a consumer notifies (on commit) when it has queued deliveries. */
export const DELIVERIES_CHANNEL = 'events_deliveries';

export interface NewDelivery {
  id: string;
  teamId: string;
  destinationId: string;
  eventId: string;
  nextAttemptAt: Date;
}

/** A due delivery this process has leased, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  teamId: string;
  destinationId: string;
  eventId: string;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  destinationActive: boolean;
  secretSealed: string;
  /** A rotated-out secret that still signs too (partner apps, during the rotation's overlap); else null. */
  previousSecretSealed: string | null;
  /** The exact request body, as stored. */
  body: string;
}

export interface AttemptRecord {
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The start of what the receiver answered (shown on the dashboard's delivery page). */
  responseBody?: string | null;
}

export interface DeliveryRow extends LeasedRowProgress<DeliveryStatus> {
  id: string;
  destinationId: string;
  eventId: string;
  eventType: string;
  isSimulated: boolean;
}

/** One attempt to record (DeliveryRepository.recordAttempt). */
interface AttemptResultRow {
  claimed: ClaimedDelivery;
  attempt: AttemptRecord;
  transition: DeliveryTransition;
  disabledReason: string | null;
}

/** What TypeORM's query() gives for an UPDATE on Postgres: the RETURNING rows and the row count. */
type UpdateResult<Row> = [Row[], number];

const LEASED_DELIVERIES: LeasedWork = {
  table: 'events.deliveries',
  alias: 'd',
  join: {
    from: 'events.webhook_destinations w, events.webhook_events e',
    on: 'w.id = d.destination_id AND e.id = d.event_id',
  },
  returning: `d.id, d.team_id AS "teamId", d.destination_id AS "destinationId", d.event_id AS "eventId",
                 d.attempts, w.url, w.is_active AS "destinationActive", w.secret_sealed AS "secretSealed",
                 CASE WHEN w.previous_secret_until > now() THEN w.previous_secret_sealed END AS "previousSecretSealed",
                 e.payload::text AS body`,
};

const DELIVERY_COLUMNS = `d.id, d.destination_id AS "destinationId", d.event_id AS "eventId", e.type AS "eventType",
  e.is_simulated AS "isSimulated", d.status, d.attempts, d.last_status_code AS "lastStatusCode",
  d.last_error AS "lastError", d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt",
  d.updated_at AS "updatedAt"`;

@Injectable()
export class DeliveryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Queues deliveries in the caller's transaction; the worker is woken when it commits. */
  async insertPending(manager: EntityManager, deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await manager.query(
      `INSERT INTO events.deliveries (id, team_id, destination_id, event_id, status, attempts, next_attempt_at)
       SELECT id, team_id, destination_id, event_id, 'pending', 0, next_attempt_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
           AS t (id, team_id, destination_id, event_id, next_attempt_at)
       ON CONFLICT (destination_id, event_id) DO NOTHING`,
      [
        deliveries.map((d) => d.id),
        deliveries.map((d) => d.teamId),
        deliveries.map((d) => d.destinationId),
        deliveries.map((d) => d.eventId),
        deliveries.map((d) => d.nextAttemptAt),
      ],
    );
    await manager.query(`SELECT pg_notify($1, '')`, [DELIVERIES_CHANNEL]);
  }

  /** Leases up to `limit` due deliveries (claimDue): the HTTP call happens outside any transaction. */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    return claimDue<ClaimedDelivery>(this.dataSource, LEASED_DELIVERIES, limit, leaseMs);
  }

  /**
   * Records an attempt and moves the delivery on. The state changes only if nobody else finished an
   * attempt of this lease meanwhile (a lease that expired during a very slow call); the attempt row is
   * kept either way, since the request was sent. The attempts that end while one is being recorded are
   * recorded together by the next statement (group commit, ADR 0018); each statement is its own transaction.
   */
  recordAttempt(
    claimed: ClaimedDelivery,
    attempt: AttemptRecord,
    transition: DeliveryTransition,
    disabledReason: string | null,
  ): Promise<void> {
    return this.attemptResults.submit({ claimed, attempt, transition, disabledReason });
  }

  private readonly attemptResults = new GroupCommit<AttemptResultRow, void>({
    maxBatch: 64,
    write: (rows) => this.recordAttempts(rows),
  });

  /**
   * One statement for many attempts: the deliveries are locked (in id order, so two of these never wait on each
   * other), the attempts inserted, each delivery moved on if its lease's attempt count still holds and, on 410
   * Gone, its destination disabled.
   */
  private async recordAttempts(rows: AttemptResultRow[]): Promise<void[]> {
    await this.dataSource.query(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::text[], $5::int[], $6::int[],
                              $7::text[], $8::timestamptz[], $9::boolean[], $10::text[], $11::text[])
           AS t (id, attempted_at, status_code, error, duration_ms, attempts, status, next_attempt_at,
                 disable_destination, disabled_reason, response_body)
       ), current AS (
         SELECT id, attempts, status FROM events.deliveries
          WHERE id IN (SELECT id FROM input) ORDER BY id FOR UPDATE
       ), attempt AS (
         INSERT INTO events.delivery_attempts (delivery_id, attempted_at, status_code, error, duration_ms, response_body)
         SELECT i.id, i.attempted_at, i.status_code, i.error, i.duration_ms, i.response_body
           FROM input i JOIN current c ON c.id = i.id
       ), moved AS (
         UPDATE events.deliveries d
            SET status = i.status, attempts = d.attempts + 1, next_attempt_at = i.next_attempt_at,
                last_status_code = i.status_code, last_error = i.error, updated_at = now()
           FROM current c JOIN input i ON i.id = c.id
          WHERE d.id = c.id AND c.status = 'pending' AND c.attempts = i.attempts
          RETURNING d.destination_id, i.disable_destination, i.disabled_reason
       )
       UPDATE events.webhook_destinations w SET is_active = false, disabled_reason = m.disabled_reason, updated_at = now()
         FROM moved m
        WHERE m.disable_destination AND w.id = m.destination_id AND w.is_active`,
      [
        rows.map((row) => row.claimed.id),
        rows.map((row) => row.attempt.attemptedAt),
        rows.map((row) => row.attempt.statusCode),
        rows.map((row) => row.attempt.error),
        rows.map((row) => row.attempt.durationMs),
        rows.map((row) => row.claimed.attempts),
        rows.map((row) => row.transition.status),
        rows.map((row) => row.transition.nextAttemptAt),
        rows.map((row) => row.transition.disableDestination),
        rows.map((row) => row.disabledReason),
        rows.map((row) => row.attempt.responseBody ?? null),
      ],
    );
    return rows.map(() => undefined);
  }

  /** Ends a claimed delivery without sending it (its destination is no longer active). */
  async failUnsent(claimed: ClaimedDelivery, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE events.deliveries
          SET status = 'failed', next_attempt_at = NULL, last_error = $3, updated_at = now()
        WHERE id = $1 AND status = 'pending' AND attempts = $2`,
      [claimed.id, claimed.attempts, reason],
    );
  }

  /** A destination's deliveries, newest first, after `startingAfter` (a delivery id) when given. */
  async listForDestination(
    teamId: string,
    destinationId: string,
    limit: number,
    startingAfter: string | null,
  ): Promise<DeliveryRow[]> {
    return this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS}
         FROM events.deliveries d JOIN events.webhook_events e ON e.id = d.event_id
        WHERE d.team_id = $1 AND d.destination_id = $2 AND ($3::text IS NULL OR d.id < $3)
        ORDER BY d.id DESC
        LIMIT $4`,
      [teamId, destinationId, startingAfter, limit],
    );
  }

  /**
   * The team's partner-app deliveries (its installations' destinations), newest first; only those of `clientId`
   * when given. Brand destinations never match: only partner destinations have a delivery target.
   */
  async listForPartners(
    teamId: string,
    clientId: string | null,
    limit: number,
    startingAfter: string | null,
  ): Promise<Array<DeliveryRow & { clientId: string }>> {
    return this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS}, t.client_id AS "clientId"
         FROM events.deliveries d
         JOIN events.webhook_events e ON e.id = d.event_id
         JOIN events.partner_delivery_targets t ON t.destination_id = d.destination_id AND t.team_id = d.team_id
        WHERE d.team_id = $1 AND ($2::text IS NULL OR t.client_id = $2) AND ($3::text IS NULL OR d.id < $3)
        ORDER BY d.id DESC
        LIMIT $4`,
      [teamId, clientId, startingAfter, limit],
    );
  }

  /** Read in `manager` when given (a change's transaction: what it already wrote, and no second pooled connection). */
  async findOwned(
    teamId: string,
    destinationId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<DeliveryRow | null> {
    const rows: DeliveryRow[] = await manager.query(
      `SELECT ${DELIVERY_COLUMNS}
         FROM events.deliveries d JOIN events.webhook_events e ON e.id = d.event_id
        WHERE d.team_id = $1 AND d.destination_id = $2 AND d.id = $3`,
      [teamId, destinationId, id],
    );
    return rows[0] ?? null;
  }

  /** A delivery's attempts, oldest first (team-scoped through the delivery). */
  async attemptsOf(
    teamId: string,
    deliveryId: string,
  ): Promise<
    Array<{
      attempted_at: Date;
      status_code: number | null;
      error: string | null;
      duration_ms: number;
      response_body: string | null;
    }>
  > {
    return this.dataSource.query(
      `SELECT a.attempted_at, a.status_code, a.error, a.duration_ms, a.response_body
         FROM events.delivery_attempts a JOIN events.deliveries d ON d.id = a.delivery_id
        WHERE d.team_id = $1 AND a.delivery_id = $2 ORDER BY a.id LIMIT 100`,
      [teamId, deliveryId],
    );
  }

  /** The stored request body of an event, as text byte for byte. */
  async payloadOf(teamId: string, eventId: string): Promise<string | null> {
    const rows: Array<{ payload: string }> = await this.dataSource.query(
      `SELECT payload::text AS payload FROM events.webhook_events WHERE team_id = $1 AND id = $2`,
      [teamId, eventId],
    );
    return rows[0]?.payload ?? null;
  }

  /** Makes every failed delivery of a destination due now; answers how many. */
  async requeueFailed(teamId: string, destinationId: string, now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [, requeued]: UpdateResult<unknown> = await manager.query(
        `UPDATE events.deliveries SET status = 'pending', next_attempt_at = $3, updated_at = now()
          WHERE team_id = $1 AND destination_id = $2 AND status = 'failed'`,
        [teamId, destinationId, now],
      );
      if (requeued > 0) await manager.query(`SELECT pg_notify($1, '')`, [DELIVERIES_CHANNEL]);
      return requeued;
    });
  }

  /**
   * Makes a finished delivery due now, in the caller's transaction (the workers hear of it when that commits); false
   * when it is pending (already on its way).
   */
  async requeue(tx: EntityManager, teamId: string, id: string, now: Date): Promise<boolean> {
    const [, requeued]: UpdateResult<unknown> = await tx.query(
      `UPDATE events.deliveries SET status = 'pending', next_attempt_at = $3, updated_at = now()
        WHERE team_id = $1 AND id = $2 AND status <> 'pending'`,
      [teamId, id, now],
    );
    if (requeued > 0) await tx.query(`SELECT pg_notify($1, '')`, [DELIVERIES_CHANNEL]);
    return requeued > 0;
  }
}
