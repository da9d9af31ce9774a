import { Module } from '@nestjs/common';
import { CollectionModule } from '../collection/collection.module.js';
import { LinkingModule } from '../linking/linking.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { SimulatorModule } from '../simulator/simulator.module.js';
import { HousekeepingService } from './housekeeping.service.js';
import { PurchaseReconciliationService } from './purchase-reconciliation.service.js';

@Module({
  imports: [SimulatorModule, LinkingModule, CollectionModule, PurchasesModule],
  providers: [HousekeepingService, PurchaseReconciliationService],
})
export class HousekeepingModule {}
