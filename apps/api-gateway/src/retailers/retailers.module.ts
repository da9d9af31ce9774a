import { Module } from '@nestjs/common';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { RetailerNotificationsController } from './retailer-notifications.controller.js';
import { RetailersController } from './retailers.controller.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Module({
  controllers: [RetailersController, RetailerNotificationsController],
  providers: [ListRetailersUseCase, UpdateRetailerUseCase],
})
export class RetailersModule {}
