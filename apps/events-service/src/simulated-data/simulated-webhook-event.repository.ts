import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

/** Simulated webhook events, removed with their deliveries (and attempts) when sync-service purges simulated data. */
@Injectable()
export class SimulatedWebhookEventRepository {
  /**
   * One team's simulated events about the purged connections or purchases, and its simulated events older
   * than the cutoff. Returns how many events went.
   */
  async purgeForTeam(
    manager: EntityManager,
    teamId: string,
    purge: { cutoff: Date; connectionIds: string[]; purchaseIds: string[] },
  ): Promise<number> {
    const [, removed]: [unknown, number] = await manager.query(
      `DELETE FROM events.webhook_events
        WHERE team_id = $1 AND is_simulated
          AND (created_at < $2
               OR payload -> 'data' -> 'connection' ->> 'connection_id' = ANY($3)
               OR payload -> 'data' -> 'purchase' ->> 'connection_id' = ANY($3)
               OR payload -> 'data' -> 'purchase' ->> 'purchase_id' = ANY($4))`,
      [teamId, purge.cutoff, purge.connectionIds, purge.purchaseIds],
    );
    return removed;
  }

  /** Every team's simulated events older than the cutoff (the sweep). */
  async purgeOlderThan(manager: EntityManager, cutoff: Date): Promise<number> {
    const [, removed]: [unknown, number] = await manager.query(
      `DELETE FROM events.webhook_events WHERE is_simulated AND created_at < $1`,
      [cutoff],
    );
    return removed;
  }
}
