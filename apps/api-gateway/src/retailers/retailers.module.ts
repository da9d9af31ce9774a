import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { RetailersController } from './retailers.controller.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Module({
  imports: [AuthModule],
  controllers: [RetailersController],
  providers: [ListRetailersUseCase, UpdateRetailerUseCase],
})
export class RetailersModule {}
