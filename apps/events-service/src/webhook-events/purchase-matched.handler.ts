import { ulid, MatchingContracts } from '@cps/contracts';
import { eventConsumer, PURCHASE_EVENTS_BATCH, teamOf } from '@cps/messaging';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { purchaseCreatedEvent } from './webhook-event-bodies.js';

/** `matching.purchase.matched.v1` -> webhook event `purchase.created` (items carry their matched product). */
export const PurchaseMatchedHandler = eventConsumer('PurchaseMatchedHandler', {
  name: 'webhooks-purchase-matched',
  event: MatchingContracts.purchaseMatched,
  inject: [RecordWebhookEventUseCase],
  batch: PURCHASE_EVENTS_BATCH,
  handleBatch: async ([recordEvent], envelopes, manager) => {
    const events = envelopes.map((envelope) =>
      purchaseCreatedEvent(ulid(), teamOf(envelope), envelope.occurredAt, envelope.data),
    );
    await recordEvent.executeMany(events, manager);
  },
});
export type PurchaseMatchedHandler = InstanceType<typeof PurchaseMatchedHandler>;
