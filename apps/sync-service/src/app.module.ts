import { Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { config } from './config.js';
import { ConnectionActivityEntity } from './connections/connection-activity.entity.js';
import { ConnectionEntity } from './connections/connection.entity.js';
import { migrations } from './migrations/index.js';
import { PurchaseEntity, PurchaseItemEntity } from './purchases/purchase.entity.js';
import { RetailerEntity, TeamRetailerEntity } from './retailers/retailer.entity.js';
import { RetailersModule } from './retailers/retailers.module.js';
import { SimulatorModule } from './simulator/simulator.module.js';

@Module({
  imports: [
    PlatformModule.forRoot({
      service: 'sync-service',
      schema: 'sync',
      config,
      entities: [
        RetailerEntity,
        TeamRetailerEntity,
        ConnectionEntity,
        ConnectionActivityEntity,
        PurchaseEntity,
        PurchaseItemEntity,
      ],
      migrations,
      producesEvents: true,
    }),
    RetailersModule,
    SimulatorModule,
  ],
})
export class AppModule {}
