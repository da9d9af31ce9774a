import { Module } from '@nestjs/common';
import { PurchaseRepository } from './purchase.repository.js';

@Module({
  providers: [PurchaseRepository],
  exports: [PurchaseRepository],
})
export class PurchasesModule {}
