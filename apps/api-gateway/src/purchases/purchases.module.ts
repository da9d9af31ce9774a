import { Module } from '@nestjs/common';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';
import { PurchasesController } from './purchases.controller.js';

@Module({
  controllers: [PurchasesController],
  providers: [ListPurchasesUseCase, GetPurchaseUseCase],
})
export class PurchasesModule {}
