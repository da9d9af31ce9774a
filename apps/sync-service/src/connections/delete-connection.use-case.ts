import { Injectable } from '@nestjs/common';
import { SyncContracts, type Actor } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { ConnectionActivityRepository } from './connection-activity.repository.js';
import { activityEntry, connectionNotFound, simulatedConnectionNotFound, toConnection } from './connection-resource.js';
import { ConnectionRepository } from './connection.repository.js';

/**
 * DELETE /connections/{id} (and DELETE /simulated-connections/{id}, for simulated connections only): records
 * `connection_deleted`, soft-deletes the connection and records `sync.connection.deleted.v1` in the same
 * transaction. From then on neither it, its activity nor its purchases are readable (the MCP read model drops them
 * too), and it is not collected. A simulated connection's rows go for good with the daily purge.
 */
@Injectable()
export class DeleteConnectionUseCase {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(
    teamId: string,
    connectionId: string,
    actor: Actor,
    only: 'any' | 'simulated' = 'any',
  ): Promise<{ connection_id: string; deleted: true }> {
    return this.transactor.run(async (tx) => {
      const current = await this.connections.lockOwned(tx, teamId, connectionId);
      if (only === 'simulated' && !current?.isSimulated) throw simulatedConnectionNotFound(connectionId);
      if (!current) throw connectionNotFound(connectionId);
      const now = this.clock.now();
      await this.activity.append(tx, [
        activityEntry(actor, { event: 'connection_deleted', at: now, details: null, before: current, after: null }),
      ]);
      await this.connections.softDelete(tx, teamId, connectionId, now);
      await this.outbox.record(
        tx,
        SyncContracts.connectionDeleted,
        { connection: toConnection(current) },
        { teamId, occurredAt: now },
      );
      return { connection_id: connectionId, deleted: true as const };
    });
  }
}
