import { Logger } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { eventConsumer } from '@cps/messaging';
import { SimulatedWebhookEventRepository } from './simulated-webhook-event.repository.js';

const logger = new Logger('SimulatedDataPurge');

/**
 * `sync.simulated-data.purged.v1`: simulated objects older than 30 days are removed everywhere they are
 * stored. Here that is the simulated webhook events (with their deliveries) about the purged objects.
 */
export const SimulatedDataPurgedHandler = eventConsumer('SimulatedDataPurgedHandler', {
  name: 'simulated-data-purged',
  event: SyncContracts.simulatedDataPurged,
  inject: [SimulatedWebhookEventRepository],
  handle: async ([events], envelope, manager) => {
    const { cutoff, connectionIds, purchaseIds } = envelope.data;
    const removed = envelope.teamId
      ? await events.purgeForTeam(manager, envelope.teamId, {
          cutoff: new Date(cutoff),
          connectionIds,
          purchaseIds,
        })
      : await events.purgeOlderThan(manager, new Date(cutoff));
    if (removed > 0) logger.log(`purged ${removed} simulated webhook events`);
  },
});
