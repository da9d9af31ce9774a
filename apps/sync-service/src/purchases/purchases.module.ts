import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConnectionsModule } from '../connections/connections.module.js';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';
import { PurchaseEntity, PurchaseItemEntity } from './purchase.entity.js';
import { PurchaseRepository } from './purchase.repository.js';
import { PurchasesHandler } from './purchases.handler.js';
import { ReconcilePurchaseEventsUseCase } from './reconcile-purchase-events.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([PurchaseEntity, PurchaseItemEntity]), ConnectionsModule],
  controllers: [PurchasesHandler],
  providers: [PurchaseRepository, ListPurchasesUseCase, GetPurchaseUseCase, ReconcilePurchaseEventsUseCase],
  exports: [PurchaseRepository, ReconcilePurchaseEventsUseCase],
})
export class PurchasesModule {}
