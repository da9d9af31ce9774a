import { SyncContracts } from '@cps/contracts';
import { eventConsumer } from '@cps/messaging';
import { SimulatedMatchRepository } from './simulated-match.repository.js';

/**
 * `sync.simulated-data.purged.v1`: drops the item matches of the purged simulated purchases. A sweep
 * (no team) has nothing for matching: it keeps no simulated rows other than matches of known purchases.
 */
export const SimulatedDataPurgedHandler = eventConsumer('SimulatedDataPurgedHandler', {
  name: 'simulated-data-purged',
  event: SyncContracts.simulatedDataPurged,
  inject: [SimulatedMatchRepository],
  handle: async ([matches], envelope, manager) => {
    if (!envelope.teamId) return;
    await matches.removeForPurchases(manager, envelope.teamId, envelope.data.purchaseIds);
  },
});
