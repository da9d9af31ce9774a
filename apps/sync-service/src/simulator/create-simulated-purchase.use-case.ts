import { Injectable } from '@nestjs/common';
import { SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { generateSimulatedPurchase, purchaseTypesFor, Clock, Randomness } from '@cps/domain';
import { newEventId, RpcRefusal, EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { ConnectionRepository } from '../connections/connection.repository.js';
import { toPurchaseDetail } from '../purchases/purchase-detail.js';
import { PurchaseRepository } from '../purchases/purchase.repository.js';
import { simulatedSharing, toSimulatedPurchaseRows } from './simulated-purchase.js';

/** A new purchase on an active simulated connection, announced with `sync.purchase.collected.v1`. */
@Injectable()
export class CreateSimulatedPurchaseUseCase {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly purchases: PurchaseRepository,
    private readonly transactor: Transactor,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly random: Randomness,
  ) {}

  async execute(teamId: string, connectionId: string): Promise<PurchaseDetail> {
    return this.transactor.run(async (tx) => {
      // Locked: a concurrent disconnect waits, so no purchase lands on a connection that just stopped.
      const connection = await this.connections.findOwned(teamId, connectionId, tx);
      // Real and foreign connections look exactly like unknown ones.
      if (!connection || !connection.isSimulated) {
        throw new RpcRefusal(404, `simulated connection ${connectionId} not found`);
      }
      if (connection.status !== 'active') {
        throw new RpcRefusal(
          409,
          `simulated connection ${connectionId} is ${connection.status}; only active connections collect purchases`,
        );
      }
      const now = this.clock.now();
      const decision = simulatedSharing(connection, now, 'simulator', now);
      if (!decision.publish) throw new RpcRefusal(409, `simulated connection ${connectionId} does not share purchases`);
      const rows = toSimulatedPurchaseRows(
        generateSimulatedPurchase({
          random: () => this.random.fraction(),
          date: now,
          purchaseTypes: purchaseTypesFor(connection.retailerId),
        }),
        { teamId, connectionId: connection.id, retailerId: connection.retailerId, createdAt: now },
      );
      const detail = toPurchaseDetail(rows);
      const eventId = newEventId();
      await this.purchases.insert(tx, [{ ...rows, purchase: { ...rows.purchase, collectedEventId: eventId } }]);
      await this.outbox.record(
        tx,
        SyncContracts.purchaseCollected,
        { purchase: detail },
        { id: eventId, teamId, occurredAt: now },
      );
      return detail;
    });
  }
}
