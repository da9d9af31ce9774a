import { Module } from '@nestjs/common';
import { DeleteProductUseCase } from './delete-product.use-case.js';
import { GetProductUseCase } from './get-product.use-case.js';
import { ListProductsUseCase } from './list-products.use-case.js';
import { ProductRepository } from './product.repository.js';
import { ProductsHandler } from './products.handler.js';
import { UpsertProductsUseCase } from './upsert-products.use-case.js';

@Module({
  controllers: [ProductsHandler],
  providers: [ProductRepository, UpsertProductsUseCase, ListProductsUseCase, GetProductUseCase, DeleteProductUseCase],
  exports: [ProductRepository],
})
export class ProductsModule {}
