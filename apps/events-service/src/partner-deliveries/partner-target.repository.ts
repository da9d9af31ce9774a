import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AuthContracts } from '@cps/contracts';
import { type InstallationChange, type TargetVersion } from './installation-change.js';

/** A stored partner delivery target (one per installation). */
export interface PartnerTarget extends TargetVersion {
  installationId: string;
  clientId: string;
  teamId: string;
  status: AuthContracts.InstallationStatus;
  webhookUrl: string | null;
  /** Its `webhook_destinations` row (kind `partner`), once the app's signing secret has been fetched. */
  destinationId: string | null;
}

/** An installation that gets the team's events now. */
export interface DeliveringTarget {
  installationId: string;
  destinationId: string;
}

export interface NewPartnerDestination {
  id: string;
  clientId: string;
  url: string;
  secretSealed: string;
  isActive: boolean;
}

/** Every event type a partner app receives (all it can read with its fixed scopes). */
export const PARTNER_EVENT_TYPES = ['connection.activated', 'purchase.created', 'connection.unauthenticated'];

const TARGET_COLUMNS = `installation_id AS "installationId", client_id AS "clientId", team_id AS "teamId", status,
  webhook_url AS "webhookUrl", destination_id AS "destinationId", last_event_id AS "lastEventId",
  last_event_at AS "lastEventAt"`;

/**
 * Partner delivery targets and their destination rows. Every method runs in the caller's transaction
 * (an event consumer's), so state, deliveries and the inbox record commit together.
 */
@Injectable()
export class PartnerTargetRepository {
  /**
   * Inserts the target from its first event; false when it already exists. Concurrent first events of one
   * installation wait for each other here (primary key), so exactly one inserts.
   */
  async insertIfNew(manager: EntityManager, change: InstallationChange): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO events.partner_delivery_targets
         (installation_id, client_id, team_id, status, webhook_url, last_event_id, last_event_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (installation_id) DO NOTHING
       RETURNING installation_id`,
      [
        change.installationId,
        change.clientId,
        change.teamId,
        change.status,
        change.webhookUrl,
        change.eventId,
        change.occurredAt,
      ],
    );
    return inserted.length > 0;
  }

  /** Reads the target and locks it until the transaction ends: changes of one installation run one at a time. */
  async lock(manager: EntityManager, installationId: string): Promise<PartnerTarget | null> {
    const rows: PartnerTarget[] = await manager.query(
      `SELECT ${TARGET_COLUMNS} FROM events.partner_delivery_targets WHERE installation_id = $1 FOR UPDATE`,
      [installationId],
    );
    return rows[0] ?? null;
  }

  async save(manager: EntityManager, change: InstallationChange, destinationId: string | null): Promise<void> {
    await manager.query(
      `UPDATE events.partner_delivery_targets
          SET client_id = $2, team_id = $3, status = $4, webhook_url = $5, destination_id = $6,
              last_event_id = $7, last_event_at = $8, updated_at = now()
        WHERE installation_id = $1`,
      [
        change.installationId,
        change.clientId,
        change.teamId,
        change.status,
        change.webhookUrl,
        destinationId,
        change.eventId,
        change.occurredAt,
      ],
    );
  }

  /** A destination row of kind `partner`: no team (not a brand webhook), never simulated events. */
  async createDestination(manager: EntityManager, destination: NewPartnerDestination): Promise<void> {
    await manager.query(
      `INSERT INTO events.webhook_destinations
         (id, kind, team_id, name, url, event_types, is_active, receive_simulated_events, secret_sealed)
       VALUES ($1, 'partner', NULL, $2, $3, $4, $5, false, $6)`,
      [
        destination.id,
        `partner app ${destination.clientId}`,
        destination.url,
        PARTNER_EVENT_TYPES,
        destination.isActive,
        destination.secretSealed,
      ],
    );
  }

  /**
   * Turns the destination on or off and points it at `url` (when the app has one). Turning it on clears
   * why it was off, including a 410 answer: a new authorization is a new start.
   */
  async updateDestination(
    manager: EntityManager,
    id: string,
    change: { url: string | null; isActive: boolean; disabledReason: string | null },
  ): Promise<void> {
    await manager.query(
      `UPDATE events.webhook_destinations
          SET url = COALESCE($2, url), is_active = $3, disabled_reason = $4, updated_at = now()
        WHERE id = $1 AND kind = 'partner'`,
      [id, change.url, change.isActive, change.disabledReason],
    );
  }

  /**
   * Fails the destination's pending deliveries without sending them. One being attempted right now
   * finishes, but its result no longer changes the delivery (recordAttempt only moves pending ones).
   */
  async failPending(manager: EntityManager, destinationId: string, reason: string): Promise<number> {
    const [, failed]: [unknown, number] = await manager.query(
      `UPDATE events.deliveries
          SET status = 'failed', next_attempt_at = NULL, last_error = $2, updated_at = now()
        WHERE destination_id = $1 AND status = 'pending'`,
      [destinationId, reason],
    );
    return failed;
  }

  /**
   * The team's installations that receive deliveries now: active, with an active destination. The rows are
   * share-locked, so a deactivation committing meanwhile waits for this transaction and then fails what
   * it queued.
   */
  async deliveringForTeam(manager: EntityManager, teamId: string): Promise<DeliveringTarget[]> {
    return manager.query(
      `SELECT t.installation_id AS "installationId", t.destination_id AS "destinationId"
         FROM events.partner_delivery_targets t
         JOIN events.webhook_destinations w ON w.id = t.destination_id
        WHERE t.team_id = $1 AND t.status = 'active' AND w.is_active
        ORDER BY t.installation_id
          FOR SHARE OF t`,
      [teamId],
    );
  }
}
