import { Injectable } from '@nestjs/common';
import { type Actor } from '@cps/contracts';
import { Clock } from '../common/clock.js';
import { Transactor } from '../common/transactor.js';
import { ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { activityEntry } from '../connections/connection-resource.js';
import { ConnectionRepository } from '../connections/connection.repository.js';
import { simulatedConnectionNotFound } from './update-simulated-connection.use-case.js';

/**
 * DELETE /simulated-connections/{id}: like DELETE /connections/{id} (`connection_deleted`, then no longer
 * readable), for simulated connections only. Its rows go for good with the daily purge.
 */
@Injectable()
export class DeleteSimulatedConnectionUseCase {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

  async execute(teamId: string, connectionId: string, actor: Actor): Promise<{ connection_id: string; deleted: true }> {
    return this.transactor.run(async (tx) => {
      const current = await this.connections.lockOwned(tx, teamId, connectionId);
      if (!current || !current.isSimulated) throw simulatedConnectionNotFound(connectionId);
      const now = this.clock.now();
      await this.activity.append(tx, [
        activityEntry(actor, { event: 'connection_deleted', at: now, details: null, before: current, after: null }),
      ]);
      await this.connections.softDelete(tx, teamId, connectionId, now);
      return { connection_id: connectionId, deleted: true as const };
    });
  }
}
