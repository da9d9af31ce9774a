import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { type loadAppConfig } from './config.js';
import { ItemMatchEntity } from './matches/item-match.entity.js';
import { MatchesModule } from './matches/matches.module.js';
import { CatalogChangedHandler } from './matches/catalog-changed.handler.js';
import { PurchaseCollectedHandler } from './matches/purchase-collected.handler.js';
import { migrations } from './migrations/index.js';
import { ProductEntity } from './products/product.entity.js';
import { ProductsModule } from './products/products.module.js';
import { SimulatedDataModule } from './simulated-data/simulated-data.module.js';
import { SimulatedDataPurgedHandler } from './simulated-data/simulated-data-purged.handler.js';

@Module({})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: ReturnType<typeof loadAppConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'matching-service',
          schema: 'matching',
          config,
          entities: [ProductEntity, ItemMatchEntity],
          migrations,
          producesEvents: true,
          eventHandlers: [PurchaseCollectedHandler, CatalogChangedHandler, SimulatedDataPurgedHandler],
        }),
        ProductsModule,
        MatchesModule,
        SimulatedDataModule,
      ],
    };
  }
}
