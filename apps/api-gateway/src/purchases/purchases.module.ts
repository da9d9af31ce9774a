import { Module } from '@nestjs/common';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';
import { PurchasesController } from './purchases.controller.js';

@Module({
  controllers: [PurchasesController],
  providers: [GetPurchaseUseCase],
})
export class PurchasesModule {}
