import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CommonModule } from '../common/common.module.js';
import { AddOrdersUseCase } from './add-orders.use-case.js';
import { GetOrderUseCase } from './get-order.use-case.js';
import { GetOrdersUseCase } from './get-orders.use-case.js';
import { ListOrdersUseCase } from './list-orders.use-case.js';
import { OrderPush } from './order-push.js';

@Module({
  imports: [CommonModule, AccountsModule],
  providers: [AddOrdersUseCase, ListOrdersUseCase, GetOrderUseCase, GetOrdersUseCase, OrderPush],
  exports: [AddOrdersUseCase, ListOrdersUseCase, GetOrderUseCase, GetOrdersUseCase],
})
export class OrdersModule {}
