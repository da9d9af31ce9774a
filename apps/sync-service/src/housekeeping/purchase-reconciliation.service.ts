import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { BackgroundLoop } from '@cps/messaging';
import { COLLECTION_CONFIG } from '../collection/collection-tokens.js';
import { type CollectionConfig } from '../collection/collection.config.js';
import { ReconcilePurchaseEventsUseCase } from '../purchases/reconcile-purchase-events.use-case.js';

const BATCH = 100;

/** Runs the purchase-event reconciliation every PURCHASE_RECONCILE_INTERVAL_MS, at once again while batches are full. */
@Injectable()
export class PurchaseReconciliationService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: BackgroundLoop;

  constructor(reconcile: ReconcilePurchaseEventsUseCase, @Inject(COLLECTION_CONFIG) config: CollectionConfig) {
    this.loop = new BackgroundLoop({
      name: 'PurchaseReconciliation',
      idleMs: config.PURCHASE_RECONCILE_INTERVAL_MS,
      pass: async () => (await reconcile.execute(BATCH)) === BATCH,
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }
}
