import { Injectable } from '@nestjs/common';
import { SyncContracts, ulid, type Actor, type Connection } from '@cps/contracts';
import { RpcRefusal, EventOutbox } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { Transactor } from '@cps/persistence';
import { TeamRetailerRepository } from '../retailers/team-retailer.repository.js';
import { ConnectionActivityRepository } from './connection-activity.repository.js';
import { activityEntry, toConnection } from './connection-resource.js';
import { type ConnectionEntity } from './connection.entity.js';
import { ConnectionRepository } from './connection.repository.js';

export interface CreateConnectionCommand {
  teamId: string;
  actor: Actor;
  customerId: string;
  retailerId: string;
  email?: string | null;
  mobile?: string | null;
  tags?: Record<string, string>;
}

/**
 * POST /connections: a connection in `initialized` for a retailer the team has enabled, with its tags
 * recorded once, here, and a `connection_created` activity entry in the same transaction.
 */
@Injectable()
export class CreateConnectionUseCase {
  constructor(
    private readonly teamRetailers: TeamRetailerRepository,
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: CreateConnectionCommand): Promise<Connection> {
    return this.transactor.run(async (tx) => {
      // Share-locked: a concurrent disable waits until this connection is committed.
      const configuration = await this.teamRetailers.find(command.teamId, command.retailerId, tx);
      if (!configuration) {
        throw new RpcRefusal(422, [
          {
            loc: ['body', 'retailer_id'],
            msg: 'retailer is not enabled for this client',
            type: 'value_error',
            input: command.retailerId,
          },
        ]);
      }
      const now = this.clock.now();
      const connection: ConnectionEntity = {
        id: ulid(now.getTime()),
        teamId: command.teamId,
        customerId: command.customerId,
        retailerId: command.retailerId,
        status: 'initialized',
        email: command.email ?? null,
        mobile: command.mobile ?? null,
        tags: command.tags ?? {},
        isSimulated: false,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
      await this.connections.insert(tx, connection);
      await this.activity.append(tx, [
        activityEntry(command.actor, {
          event: 'connection_created',
          at: now,
          details: null,
          before: null,
          after: connection,
        }),
      ]);
      const created = toConnection(connection);
      await this.outbox.record(
        tx,
        SyncContracts.connectionChanged,
        { connection: created },
        { teamId: command.teamId, occurredAt: now },
      );
      return created;
    });
  }
}
