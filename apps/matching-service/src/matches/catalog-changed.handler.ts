import { MatchingContracts } from '@cps/contracts';
import { eventConsumer, teamOf } from '@cps/messaging';
import { RematchRecentPurchasesUseCase } from './rematch-recent-purchases.use-case.js';

/** Durable consumer `matching-service-catalog-changed` of `matching.catalog.changed.v1` (this service's own). */
export const CatalogChangedHandler = eventConsumer('CatalogChangedHandler', {
  name: 'catalog-changed',
  event: MatchingContracts.catalogChanged,
  inject: [RematchRecentPurchasesUseCase],
  handle: async ([rematch], envelope, manager) => {
    await rematch.execute(teamOf(envelope), manager);
  },
});
