import { Injectable } from '@nestjs/common';
import { SyncContracts, type Actor } from '@cps/contracts';
import { Clock } from '../common/clock.js';
import { EventOutbox } from '../common/event-outbox.js';
import { Transactor } from '../common/transactor.js';
import { ConnectionActivityRepository } from './connection-activity.repository.js';
import { activityEntry, connectionNotFound, toConnection } from './connection-resource.js';
import { ConnectionRepository } from './connection.repository.js';

/**
 * DELETE /connections/{id}: records `connection_deleted`, then soft-deletes the connection in the same
 * transaction. From then on neither it, its activity nor its purchases are readable, and it is not collected.
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

  async execute(teamId: string, connectionId: string, actor: Actor): Promise<{ connection_id: string; deleted: true }> {
    return this.transactor.run(async (tx) => {
      const current = await this.connections.lockOwned(tx, teamId, connectionId);
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
