import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceConfigModule } from '@cps/platform';
import { CollectionModule } from './collection/collection.module.js';
import { SYNC_CONFIG, type SyncServiceConfig } from './config.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { HousekeepingModule } from './housekeeping/housekeeping.module.js';
import { LinkTokensModule } from './link-tokens/link-tokens.module.js';
import { LinkingModule } from './linking/linking.module.js';
import { PurchasesModule } from './purchases/purchases.module.js';
import { RetailerAdaptersModule } from './retailer-adapters/retailer-adapters.module.js';
import { RetailersModule } from './retailers/retailers.module.js';
import { SimulatorModule } from './simulator/simulator.module.js';
import { TeamOverviewModule } from './stats/team-overview.handler.js';
import { TeamStatsModule } from './stats/team-stats.handler.js';

@Module({})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: SyncServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceConfigModule.register(SYNC_CONFIG, config),
        RetailersModule,
        ConnectionsModule,
        PurchasesModule,
        LinkTokensModule,
        SimulatorModule,
        RetailerAdaptersModule,
        LinkingModule,
        CollectionModule,
        HousekeepingModule,
        TeamStatsModule,
        TeamOverviewModule,
      ],
    };
  }
}
