import { Module } from '@nestjs/common';
import { ServiceMetrics } from '@cps/observability';
import { SYNC_CONFIG, type SyncServiceConfig } from '../config.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { RetailerAdaptersModule } from '../retailer-adapters/retailer-adapters.module.js';
import { CollectionMetrics } from './collection-metrics.js';
import { CollectionScheduler } from './collection-scheduler.service.js';
import { CollectionStateRepository } from './collection-state.repository.js';
import { COLLECTION_CONFIG } from './collection-tokens.js';
import { CollectionWakeup } from './collection-wakeup.js';
import { PollConnectionUseCase } from './poll-connection.use-case.js';
import { RequestPollUseCase, RetailerPushHandler } from './retailer-push.handler.js';

/** The sync scheduler: polls every active connection's retailer account (see CollectionScheduler). */
@Module({
  imports: [ConnectionsModule, PurchasesModule, RetailerAdaptersModule],
  controllers: [RetailerPushHandler],
  providers: [
    RequestPollUseCase,
    { provide: COLLECTION_CONFIG, inject: [SYNC_CONFIG], useFactory: (config: SyncServiceConfig) => config.collection },
    {
      provide: CollectionMetrics,
      inject: [ServiceMetrics],
      useFactory: (metrics: ServiceMetrics) => new CollectionMetrics(metrics),
    },
    CollectionStateRepository,
    PollConnectionUseCase,
    CollectionScheduler,
    { provide: CollectionWakeup, useExisting: CollectionScheduler },
  ],
  exports: [CollectionStateRepository, CollectionWakeup, COLLECTION_CONFIG],
})
export class CollectionModule {}
