import { Module } from '@nestjs/common';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { RetailersController } from './retailers.controller.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Module({
  controllers: [RetailersController],
  providers: [ListRetailersUseCase, UpdateRetailerUseCase],
})
export class RetailersModule {}
