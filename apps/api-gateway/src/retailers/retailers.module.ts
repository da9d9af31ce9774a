import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { RetailerNotificationsController } from './retailer-notifications.controller.js';
import { RetailersController } from './retailers.controller.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Module({
  // RateLimitGate: a retailer push spends its retailer's budget once its signature holds.
  imports: [AuthModule],
  controllers: [RetailersController, RetailerNotificationsController],
  providers: [ListRetailersUseCase, UpdateRetailerUseCase],
})
export class RetailersModule {}
