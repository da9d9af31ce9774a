import { MatchingContracts, SyncContracts } from '@cps/contracts';
import { eventConsumer, PURCHASE_EVENTS_BATCH, teamOf } from '@cps/messaging';
import { RecordAwardsUseCase } from './record-awards.use-case.js';

/** `sync.connection.activated.v1` (a first activation) -> `account.linked` awards. */
export const IntegrationsConnectionActivatedHandler = eventConsumer('IntegrationsConnectionActivatedHandler', {
  name: 'integrations-connection-activated',
  event: SyncContracts.connectionActivated,
  inject: [RecordAwardsUseCase],
  handle: async ([record], envelope, manager) => {
    await record.accountLinked(manager, teamOf(envelope), envelope.data, new Date(envelope.occurredAt));
  },
});

/** `matching.purchase.matched.v1` (the fact behind `purchase.created`) -> purchase awards. */
export const IntegrationsPurchaseMatchedHandler = eventConsumer('IntegrationsPurchaseMatchedHandler', {
  name: 'integrations-purchase-matched',
  event: MatchingContracts.purchaseMatched,
  inject: [RecordAwardsUseCase],
  batch: PURCHASE_EVENTS_BATCH,
  handleBatch: async ([record], envelopes, manager) => {
    await record.purchaseCreatedMany(
      manager,
      envelopes.map((envelope) => ({
        teamId: teamOf(envelope),
        purchase: envelope.data.purchase,
        occurredAt: new Date(envelope.occurredAt),
      })),
    );
  },
});
export type IntegrationsPurchaseMatchedHandler = InstanceType<typeof IntegrationsPurchaseMatchedHandler>;
