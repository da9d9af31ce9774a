import { Injectable } from '@nestjs/common';
import { SyncContracts, type Actor, type Connection } from '@cps/contracts';
import { planConnectionUpdate, type ConnectionUpdateRequest, Clock } from '@cps/domain';
import { EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { ConnectionActivityRepository } from './connection-activity.repository.js';
import { activityEntry, connectionNotFound, toConnection } from './connection-resource.js';
import { type ConnectionEntity } from './connection.entity.js';
import { ConnectionRepository } from './connection.repository.js';

export interface UpdateConnectionCommand extends ConnectionUpdateRequest {
  teamId: string;
  connectionId: string;
  actor: Actor;
}

/**
 * PATCH /connections/{id}: customer_id, email, mobile, or `status: disconnected` (collection stops:
 * only active connections are collected). The change and its activity entries (planConnectionUpdate)
 * commit together; a request that changes nothing writes nothing.
 */
@Injectable()
export class UpdateConnectionUseCase {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: UpdateConnectionCommand): Promise<Connection> {
    const { teamId, connectionId, actor } = command;
    return this.transactor.run(async (tx) => {
      const current = await this.connections.lockOwned(tx, teamId, connectionId);
      if (!current) throw connectionNotFound(connectionId);
      const plan = planConnectionUpdate<ConnectionEntity>(current, {
        customerId: command.customerId,
        email: command.email,
        mobile: command.mobile,
        status: command.status,
      });
      if (plan.steps.length === 0) return toConnection(current);
      const now = this.clock.now();
      const updated: ConnectionEntity = { ...plan.result, updatedAt: now };
      await this.connections.update(tx, teamId, connectionId, {
        customerId: updated.customerId,
        email: updated.email,
        mobile: updated.mobile,
        status: updated.status,
        updatedAt: now,
      });
      await this.activity.append(
        tx,
        plan.steps.map((step) =>
          activityEntry(actor, {
            event: step.event,
            at: now,
            details: step.details,
            before: step.before,
            after: step.after,
          }),
        ),
      );
      const changed = toConnection(updated);
      await this.outbox.record(
        tx,
        SyncContracts.connectionChanged,
        { connection: changed },
        { teamId, occurredAt: now },
      );
      return changed;
    });
  }
}
