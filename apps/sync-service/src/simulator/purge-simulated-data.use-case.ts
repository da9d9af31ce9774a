import { Inject, Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { SimulatedDataRepository } from './simulated-data.repository.js';

export const SIMULATED_DATA_RETENTION_DAYS = Symbol('SIMULATED_DATA_RETENTION_DAYS');

const BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * The daily purge of simulated objects older than the retention (30 days): simulated connections with
 * their purchases and activity, and older simulated purchases, deleted in batches. Each batch records
 * `sync.simulated-data.purged.v1` per team in its own transaction, so matching-service and events-service
 * remove what they keep of those objects; a last event without team is the sweep for their own old rows.
 */
@Injectable()
export class PurgeSimulatedDataUseCase {
  constructor(
    private readonly data: SimulatedDataRepository,
    private readonly transactor: Transactor,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    @Inject(SIMULATED_DATA_RETENTION_DAYS) private readonly retentionDays: number,
  ) {}

  async execute(): Promise<{ connections: number; purchases: number }> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.retentionDays * DAY_MS);
    const purged = { connections: 0, purchases: 0 };
    for (;;) {
      const batch = await this.transactor.run(async (tx) => {
        const found = await this.data.lockBatch(tx, cutoff, BATCH);
        if (found.length === 0) return found;
        await this.data.delete(tx, found);
        for (const entry of found) {
          await this.outbox.record(
            tx,
            SyncContracts.simulatedDataPurged,
            { cutoff: cutoff.toISOString(), connectionIds: entry.connectionIds, purchaseIds: entry.purchaseIds },
            { teamId: entry.teamId, occurredAt: now },
          );
        }
        return found;
      });
      if (batch.length === 0) break;
      purged.connections += batch.reduce((sum, entry) => sum + entry.connectionIds.length, 0);
      purged.purchases += batch.reduce((sum, entry) => sum + entry.purchaseIds.length, 0);
    }
    await this.transactor.run((tx) =>
      this.outbox.record(
        tx,
        SyncContracts.simulatedDataPurged,
        { cutoff: cutoff.toISOString(), connectionIds: [], purchaseIds: [] },
        { occurredAt: now },
      ),
    );
    return purged;
  }
}
