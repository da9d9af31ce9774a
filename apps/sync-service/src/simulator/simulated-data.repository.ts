import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

/** One team's share of a purge batch. */
export interface PurgedSimulatedData {
  teamId: string;
  connectionIds: string[];
  purchaseIds: string[];
}

/** Simulated rows past their retention, for the daily purge. Real data is never selected here. */
@Injectable()
export class SimulatedDataRepository {
  /**
   * Locks up to `limit` simulated connections created before `cutoff` (with all their purchases) and up to
   * `limit` older simulated purchases of younger connections, grouped by team. SKIP LOCKED: two processes
   * purging at once take different rows.
   */
  async lockBatch(tx: EntityManager, cutoff: Date, limit: number): Promise<PurgedSimulatedData[]> {
    const connections: Array<{ id: string; team_id: string }> = await tx.query(
      `SELECT id, team_id FROM sync.connections
        WHERE is_simulated AND created_at < $1
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [cutoff, limit],
    );
    const connectionIds = connections.map((row) => row.id);
    const ofConnections: Array<{ id: string; team_id: string }> = await tx.query(
      `SELECT id, team_id FROM sync.purchases WHERE connection_id = ANY($1)`,
      [connectionIds],
    );
    const older: Array<{ id: string; team_id: string }> = await tx.query(
      `SELECT id, team_id FROM sync.purchases
        WHERE is_simulated AND created_at < $2 AND NOT (connection_id = ANY($1))
        ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [connectionIds, cutoff, limit],
    );
    const purchases = [...ofConnections, ...older];
    const byTeam = new Map<string, PurgedSimulatedData>();
    const team = (teamId: string) => {
      let entry = byTeam.get(teamId);
      if (!entry) byTeam.set(teamId, (entry = { teamId, connectionIds: [], purchaseIds: [] }));
      return entry;
    };
    for (const row of connections) team(row.team_id).connectionIds.push(row.id);
    for (const row of purchases) team(row.team_id).purchaseIds.push(row.id);
    return [...byTeam.values()];
  }

  /** Deletes for good: purchases with their items, connections with their activity and collection state. */
  async delete(tx: EntityManager, batch: PurgedSimulatedData[]): Promise<void> {
    const purchaseIds = batch.flatMap((entry) => entry.purchaseIds);
    const connectionIds = batch.flatMap((entry) => entry.connectionIds);
    if (purchaseIds.length > 0) await tx.query(`DELETE FROM sync.purchases WHERE id = ANY($1)`, [purchaseIds]);
    if (connectionIds.length > 0) {
      await tx.query(`DELETE FROM sync.connections WHERE id = ANY($1) AND is_simulated`, [connectionIds]);
    }
  }
}
