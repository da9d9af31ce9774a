import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { catalogUploadParser } from './catalog-upload.js';
import { ProductsController } from './products.controller.js';
import { UploadCatalogUseCase } from './upload-catalog.use-case.js';

@Module({ controllers: [ProductsController], providers: [UploadCatalogUseCase] })
export class ProductsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(catalogUploadParser).forRoutes({ path: 'products', method: RequestMethod.PUT });
  }
}
