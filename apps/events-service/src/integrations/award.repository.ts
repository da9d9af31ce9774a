import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type EventsContracts } from '@cps/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { claimDue, type LeasedRowProgress, type LeasedWork } from '../leases/claim-due.js';

/** Postgres channel a consumer notifies (on commit) when it has recorded awards. */
export const AWARDS_CHANNEL = 'events_integration_awards';

export interface NewAward {
  id: string;
  teamId: string;
  integrationId: string;
  trigger: EventsContracts.IntegrationTrigger;
  /** The connection (account.linked) or the purchase (purchase.created): one award per integration and subject. */
  subjectId: string;
  connectionId: string;
  purchaseId: string | null;
  isSimulated: boolean;
  /** Known from the event (account.linked); else resolved at the first attempt. */
  customerValue: string | null;
  points: number;
  itemsSubtotal: string | null;
  occurredAt: Date;
}

/** A due award this process has leased, with its integration. */
export interface ClaimedAward extends Omit<NewAward, 'subjectId'> {
  attempts: number;
  kind: EventsContracts.IntegrationKind;
  adapter: EventsContracts.IntegrationAdapter;
  baseUrl: string;
  credentialSealed: string;
  customerIdentifier: EventsContracts.CustomerIdentifier;
  integrationActive: boolean;
}

export interface AwardRow extends LeasedRowProgress<EventsContracts.AwardStatus> {
  id: string;
  integrationId: string;
  trigger: EventsContracts.IntegrationTrigger;
  connectionId: string;
  purchaseId: string | null;
  isSimulated: boolean;
  points: number;
  itemsSubtotal: string | null;
}

export interface AwardAttempt {
  status: EventsContracts.AwardStatus;
  nextAttemptAt: Date | null;
  statusCode: number | null;
  error: string | null;
  /** Resolved for this attempt (stored so later attempts send the same customer). */
  customerValue: string | null;
}

const LEASED_AWARDS: LeasedWork = {
  table: 'events.integration_awards',
  alias: 'a',
  join: { from: 'events.integrations i', on: 'i.id = a.integration_id' },
  returning: `a.id, a.team_id AS "teamId", a.integration_id AS "integrationId", a.trigger,
                 a.connection_id AS "connectionId", a.purchase_id AS "purchaseId", a.is_simulated AS "isSimulated",
                 a.customer_value AS "customerValue", a.points, a.items_subtotal::text AS "itemsSubtotal",
                 a.occurred_at AS "occurredAt", a.attempts, i.kind, i.adapter, i.base_url AS "baseUrl",
                 i.credential_sealed AS "credentialSealed", i.customer_identifier AS "customerIdentifier",
                 i.is_active AS "integrationActive"`,
};

/** The ledger: one row per (integration, trigger, subject), leased and updated like webhook deliveries. */
@Injectable()
export class AwardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records awards in the consumer's transaction, all in one statement; an award already in the ledger (or twice in
   * `awards`) stays as it is. Each array is cast to its column's type, since unnest cannot infer one (nor from an
   * array of NULLs).
   */
  async insertPending(manager: EntityManager, awards: readonly NewAward[], dueAt: Date): Promise<void> {
    if (awards.length === 0) return;
    await manager.query(
      `INSERT INTO events.integration_awards
         (id, team_id, integration_id, trigger, subject_id, connection_id, purchase_id, is_simulated,
          customer_value, points, items_subtotal, occurred_at, status, next_attempt_at)
       SELECT id, team_id, integration_id, trigger, subject_id, connection_id, purchase_id, is_simulated,
              customer_value, points, items_subtotal, occurred_at, 'pending', $13::timestamptz
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                     $8::boolean[], $9::text[], $10::integer[], $11::numeric[], $12::timestamptz[])
           AS t (id, team_id, integration_id, trigger, subject_id, connection_id, purchase_id, is_simulated,
                 customer_value, points, items_subtotal, occurred_at)
       ON CONFLICT (integration_id, trigger, subject_id) DO NOTHING`,
      [
        awards.map((a) => a.id),
        awards.map((a) => a.teamId),
        awards.map((a) => a.integrationId),
        awards.map((a) => a.trigger),
        awards.map((a) => a.subjectId),
        awards.map((a) => a.connectionId),
        awards.map((a) => a.purchaseId),
        awards.map((a) => a.isSimulated),
        awards.map((a) => a.customerValue),
        awards.map((a) => a.points),
        awards.map((a) => a.itemsSubtotal),
        awards.map((a) => a.occurredAt),
        dueAt,
      ],
    );
    await manager.query(`SELECT pg_notify($1, '')`, [AWARDS_CHANNEL]);
  }

  /** Leases up to `limit` due awards (claimDue): the call to the integration happens outside any transaction. */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedAward[]> {
    return claimDue<ClaimedAward>(this.dataSource, LEASED_AWARDS, limit, leaseMs);
  }

  /** Records an attempt, unless another finished this lease's attempt meanwhile (a lease that ran out). */
  async recordAttempt(claimed: ClaimedAward, attempt: AwardAttempt): Promise<void> {
    await this.dataSource.query(
      `UPDATE events.integration_awards
          SET status = $3, attempts = attempts + 1, next_attempt_at = $4, last_status_code = $5, last_error = $6,
              customer_value = COALESCE($7, customer_value), updated_at = now()
        WHERE id = $1 AND status = 'pending' AND attempts = $2`,
      [
        claimed.id,
        claimed.attempts,
        attempt.status,
        attempt.nextAttemptAt,
        attempt.statusCode,
        attempt.error,
        attempt.customerValue,
      ],
    );
  }

  /** An integration's ledger, newest first, after `startingAfter` (an award id) when given. */
  async list(teamId: string, integrationId: string, limit: number, startingAfter: string | null): Promise<AwardRow[]> {
    return this.dataSource.query(
      `SELECT id, integration_id AS "integrationId", trigger, connection_id AS "connectionId",
              purchase_id AS "purchaseId", is_simulated AS "isSimulated", points,
              items_subtotal::text AS "itemsSubtotal", status, attempts, last_status_code AS "lastStatusCode",
              last_error AS "lastError", next_attempt_at AS "nextAttemptAt", created_at AS "createdAt",
              updated_at AS "updatedAt"
         FROM events.integration_awards
        WHERE team_id = $1 AND integration_id = $2 AND ($3::text IS NULL OR id < $3)
        ORDER BY id DESC
        LIMIT $4`,
      [teamId, integrationId, startingAfter, limit],
    );
  }
}
