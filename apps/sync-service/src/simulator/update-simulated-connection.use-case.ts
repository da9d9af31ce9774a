import { Injectable } from '@nestjs/common';
import { SyncContracts, toPublicConnectionStatus, type Actor, type Connection } from '@cps/contracts';
import { RpcRefusal, EventOutbox } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { Transactor } from '@cps/persistence';
import { ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { activityEntry, simulatedConnectionNotFound, toConnection } from '../connections/connection-resource.js';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { ConnectionRepository } from '../connections/connection.repository.js';

export interface UpdateSimulatedConnectionCommand {
  teamId: string;
  connectionId: string;
  actor: Actor;
  status: 'active' | 'unauthenticated';
}

/**
 * PATCH /simulated-connections/{id}: the simulator's status changes, as a retailer and a shopper would make
 * them: `active` -> `unauthenticated` (a lost session: `connection.unauthenticated`) and back (a re-link:
 * `connection.activated` with first_activation false). Both events carry is_simulated. The same status
 * again changes nothing; a disconnected connection is 409; real, unknown and foreign ids are 404.
 */
@Injectable()
export class UpdateSimulatedConnectionUseCase {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly transactor: Transactor,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async execute(command: UpdateSimulatedConnectionCommand): Promise<Connection> {
    const { teamId, connectionId, actor, status } = command;
    return this.transactor.run(async (tx) => {
      const before = await this.connections.lockOwned(tx, teamId, connectionId);
      if (!before || !before.isSimulated) throw simulatedConnectionNotFound(connectionId);
      if (before.status === status) return toConnection(before);
      if (before.status !== 'active' && before.status !== 'unauthenticated') {
        throw new RpcRefusal(
          409,
          `simulated connection ${connectionId} is ${toPublicConnectionStatus(before.status)}; ` +
            'only active and unauthenticated connections change status here',
        );
      }
      const now = this.clock.now();
      const after: ConnectionEntity = { ...before, status, updatedAt: now };
      await this.connections.update(tx, teamId, connectionId, { status, updatedAt: now });
      const meta = { teamId, occurredAt: now };
      if (status === 'unauthenticated') {
        await this.activity.append(tx, [
          activityEntry(actor, {
            event: 'connection_unauthenticated',
            at: now,
            details: 'Simulated loss of retailer authentication',
            before,
            after,
          }),
        ]);
        await this.outbox.record(
          tx,
          SyncContracts.connectionUnauthenticated,
          { connection: toConnection(after) },
          meta,
        );
      } else {
        await this.activity.append(tx, [
          activityEntry(actor, {
            event: 'connection_reauthenticated',
            at: now,
            details: 'Simulated account re-link',
            before,
            after,
          }),
        ]);
        await this.outbox.record(
          tx,
          SyncContracts.connectionActivated,
          { connection: toConnection(after), firstActivation: false },
          meta,
        );
      }
      return toConnection(after);
    });
  }
}
