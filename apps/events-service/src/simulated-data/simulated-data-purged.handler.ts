import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { SyncContracts, type Envelope, type EventData } from '@cps/contracts';
import { type EventHandlerDefinition } from '@cps/messaging';
import { SimulatedWebhookEventRepository } from './simulated-webhook-event.repository.js';

type Contract = typeof SyncContracts.simulatedDataPurged;

/**
 * `sync.simulated-data.purged.v1`: simulated objects older than 30 days are removed everywhere they are
 * stored. Here that is the simulated webhook events (with their deliveries) about the purged objects.
 */
@Injectable()
export class SimulatedDataPurgedHandler implements EventHandlerDefinition<Contract> {
  readonly name = 'simulated-data-purged';
  readonly event = SyncContracts.simulatedDataPurged;
  private readonly logger = new Logger('SimulatedDataPurge');

  constructor(private readonly events: SimulatedWebhookEventRepository) {}

  async handle(envelope: Envelope<EventData<Contract>>, manager: EntityManager): Promise<void> {
    const { cutoff, connectionIds, purchaseIds } = envelope.data;
    const removed = envelope.teamId
      ? await this.events.purgeForTeam(manager, envelope.teamId, {
          cutoff: new Date(cutoff),
          connectionIds,
          purchaseIds,
        })
      : await this.events.purgeOlderThan(manager, new Date(cutoff));
    if (removed > 0) this.logger.log(`purged ${removed} simulated webhook events`);
  }
}
