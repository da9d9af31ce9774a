import { Injectable } from '@nestjs/common';
import { ulid, SyncContracts, type Actor, type Connection } from '@cps/contracts';
import { generatePurchaseHistory, purchaseTypesFor, Clock, Randomness } from '@cps/domain';
import { newEventId, RpcRefusal, EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { activityEntry, toConnection } from '../connections/connection-resource.js';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { ConnectionRepository } from '../connections/connection.repository.js';
import { toPurchaseDetail } from '../purchases/purchase-detail.js';
import { PurchaseRepository } from '../purchases/purchase.repository.js';
import { RetailerRepository } from '../retailers/retailer.repository.js';
import { simulatedSharing, toSimulatedPurchaseRows } from './simulated-purchase.js';

export interface CreateSimulatedConnectionCommand {
  teamId: string;
  actor: Actor;
  retailerId: string;
  customerId?: string;
  email?: string | null;
  mobile?: string | null;
  includePurchases: boolean;
}

/**
 * A simulated account link: the connection is created and activated at once (two activity entries),
 * `connection.activated` is recorded, and an optional back-dated history is stored, each purchase announced
 * with `sync.purchase.collected.v1` like the history of a real first link (ADR 0014), all in one transaction.
 */
@Injectable()
export class CreateSimulatedConnectionUseCase {
  constructor(
    private readonly retailers: RetailerRepository,
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly purchases: PurchaseRepository,
    private readonly transactor: Transactor,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly random: Randomness,
  ) {}

  async execute(command: CreateSimulatedConnectionCommand): Promise<Connection> {
    const retailer = await this.retailers.findById(command.retailerId);
    if (!retailer) throw new RpcRefusal(404, `retailer ${command.retailerId} not found`);
    if (retailer.status === 'inactive') {
      throw new RpcRefusal(
        404,
        `retailer ${command.retailerId} is inactive; simulated connections need an available retailer`,
      );
    }
    const now = this.clock.now();
    const connection: ConnectionEntity = {
      id: ulid(now.getTime()),
      teamId: command.teamId,
      customerId: command.customerId ?? `sim_${this.random.base62(16)}`,
      retailerId: retailer.id,
      status: 'active',
      email: command.email ?? null,
      mobile: command.mobile ?? null,
      tags: {},
      isSimulated: true,
      createdAt: now,
      updatedAt: now,
      firstLinkedAt: now,
    };
    const initialized: ConnectionEntity = { ...connection, status: 'initialized', firstLinkedAt: null };
    const entries = [
      activityEntry(command.actor, {
        event: 'connection_created',
        at: now,
        details: 'Simulated connection created',
        before: null,
        after: initialized,
      }),
      activityEntry(command.actor, {
        event: 'connection_activated',
        at: now,
        details: 'Simulated account linked',
        before: initialized,
        after: connection,
      }),
    ];
    const history = command.includePurchases
      ? generatePurchaseHistory({
          random: () => this.random.fraction(),
          now,
          purchaseTypes: purchaseTypesFor(retailer.id),
        })
          // The sharing policy decides what the brand may read and what is announced.
          .filter((generated) => simulatedSharing(connection, generated.date, 'simulator_history', now).eligible)
          .map((generated) =>
            toSimulatedPurchaseRows(generated, {
              teamId: command.teamId,
              connectionId: connection.id,
              retailerId: retailer.id,
              createdAt: now,
            }),
          )
      : [];
    const resource = toConnection(connection);
    await this.transactor.run(async (tx) => {
      await this.connections.insert(tx, connection);
      await this.activity.append(tx, entries);
      await this.outbox.record(
        tx,
        SyncContracts.connectionActivated,
        { connection: resource, firstActivation: true },
        { teamId: command.teamId, occurredAt: now },
      );
      // The first link's history, announced after the activation like a real backfill's purchases.
      const announced = history.map((rows) => ({
        ...rows,
        purchase: { ...rows.purchase, collectedEventId: newEventId() },
      }));
      await this.purchases.insert(tx, announced);
      for (const rows of announced) {
        await this.outbox.record(
          tx,
          SyncContracts.purchaseCollected,
          { purchase: toPurchaseDetail(rows) },
          { id: rows.purchase.collectedEventId!, teamId: command.teamId, occurredAt: now },
        );
      }
    });
    return resource;
  }
}
