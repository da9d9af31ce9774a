import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeleteProductUseCase } from './delete-product.use-case.js';
import { GetProductUseCase } from './get-product.use-case.js';
import { ListProductsUseCase } from './list-products.use-case.js';
import { ProductEntity } from './product.entity.js';
import { ProductRepository } from './product.repository.js';
import { ProductsHandler } from './products.handler.js';
import { UpsertProductsUseCase } from './upsert-products.use-case.js';

@Module({
  imports: [TypeOrmModule.forFeature([ProductEntity])],
  controllers: [ProductsHandler],
  providers: [ProductRepository, UpsertProductsUseCase, ListProductsUseCase, GetProductUseCase, DeleteProductUseCase],
  exports: [ProductRepository],
})
export class ProductsModule {}
