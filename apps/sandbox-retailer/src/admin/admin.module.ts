import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CommonModule } from '../common/common.module.js';
import { FailuresModule } from '../failures/failures.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { AdminController } from './admin.controller.js';
import { AdminTokenGuard } from './admin-token.guard.js';

@Module({
  imports: [CommonModule, AccountsModule, OrdersModule, FailuresModule],
  controllers: [AdminController],
  providers: [AdminTokenGuard],
})
export class AdminModule {}
