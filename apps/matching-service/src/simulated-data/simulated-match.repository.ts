import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

/** Item matches of purchases sync-service has purged (simulated purchases older than 30 days). */
@Injectable()
export class SimulatedMatchRepository {
  /** Removes the team's matches of these purchases; returns how many rows went. */
  async removeForPurchases(manager: EntityManager, teamId: string, purchaseIds: string[]): Promise<number> {
    if (purchaseIds.length === 0) return 0;
    const [, removed]: [unknown, number] = await manager.query(
      `DELETE FROM matching.item_matches WHERE team_id = $1 AND purchase_id = ANY($2)`,
      [teamId, purchaseIds],
    );
    return removed;
  }
}
