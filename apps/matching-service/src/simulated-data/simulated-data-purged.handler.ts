import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { SyncContracts, type Envelope, type EventData } from '@cps/contracts';
import { type EventHandlerDefinition } from '@cps/messaging';
import { SimulatedMatchRepository } from './simulated-match.repository.js';

type Contract = typeof SyncContracts.simulatedDataPurged;

/**
 * `sync.simulated-data.purged.v1`: drops the item matches of the purged simulated purchases. A sweep
 * (no team) has nothing for matching: it keeps no simulated rows other than matches of known purchases.
 */
@Injectable()
export class SimulatedDataPurgedHandler implements EventHandlerDefinition<Contract> {
  readonly name = 'simulated-data-purged';
  readonly event = SyncContracts.simulatedDataPurged;

  constructor(private readonly matches: SimulatedMatchRepository) {}

  async handle(envelope: Envelope<EventData<Contract>>, manager: EntityManager): Promise<void> {
    if (!envelope.teamId) return;
    await this.matches.removeForPurchases(manager, envelope.teamId, envelope.data.purchaseIds);
  }
}
