import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CommonModule } from '../common/common.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { RetailerApiController } from './retailer-api.controller.js';

@Module({
  imports: [CommonModule, AccountsModule, OrdersModule],
  controllers: [RetailerApiController],
})
export class RetailerApiModule {}
