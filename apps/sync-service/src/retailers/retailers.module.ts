import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListCatalogUseCase } from './list-catalog.use-case.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { RetailerEntity, TeamRetailerEntity } from './retailer.entity.js';
import { RetailerRepository } from './retailer.repository.js';
import { RetailersHandler } from './retailers.handler.js';
import { TeamRetailerRepository } from './team-retailer.repository.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([RetailerEntity, TeamRetailerEntity])],
  controllers: [RetailersHandler],
  providers: [
    RetailerRepository,
    TeamRetailerRepository,
    ListCatalogUseCase,
    ListRetailersUseCase,
    UpdateRetailerUseCase,
  ],
  exports: [RetailerRepository, TeamRetailerRepository],
})
export class RetailersModule {}
