import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConnectionsModule } from '../connections/connections.module.js';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';
import { PurchaseEntity } from './purchase.entity.js';
import { PurchaseRepository } from './purchase.repository.js';
import { PurchasesHandler } from './purchases.handler.js';

@Module({
  imports: [TypeOrmModule.forFeature([PurchaseEntity]), ConnectionsModule],
  controllers: [PurchasesHandler],
  providers: [PurchaseRepository, ListPurchasesUseCase, GetPurchaseUseCase],
  exports: [PurchaseRepository],
})
export class PurchasesModule {}
