import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductEntity } from './product.entity.js';
import { ProductRepository } from './product.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([ProductEntity])],
  providers: [ProductRepository],
  exports: [ProductRepository],
})
export class ProductsModule {}
