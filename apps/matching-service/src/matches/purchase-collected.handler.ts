import { SyncContracts } from '@cps/contracts';
import { eventConsumer, PURCHASE_EVENTS_BATCH, teamOf } from '@cps/messaging';
import { MatchPurchaseUseCase } from './match-purchase.use-case.js';

/** Durable consumer `matching-service-purchase-collected` of `sync.purchase.collected.v1`. */
export const PurchaseCollectedHandler = eventConsumer('PurchaseCollectedHandler', {
  name: 'purchase-collected',
  event: SyncContracts.purchaseCollected,
  inject: [MatchPurchaseUseCase],
  batch: PURCHASE_EVENTS_BATCH,
  handleBatch: async ([matchPurchase], envelopes, manager) => {
    await matchPurchase.executeMany(
      // Tenancy comes from the envelope; without it the purchase cannot be matched against any catalog.
      envelopes.map((envelope) => ({
        teamId: teamOf(envelope),
        correlationId: envelope.correlationId,
        purchase: envelope.data.purchase,
      })),
      manager,
    );
  },
});
