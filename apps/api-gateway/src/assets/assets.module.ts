import { Module } from '@nestjs/common';
import { SyncClient } from '../clients/sync.client.js';
import { AssetsController } from './assets.controller.js';
import { GetRetailerImageUseCase } from './get-retailer-image.use-case.js';
import { RetailerCatalog } from './retailer-catalog.js';

@Module({
  controllers: [AssetsController],
  providers: [
    { provide: RetailerCatalog, inject: [SyncClient], useFactory: (sync: SyncClient) => new RetailerCatalog(sync) },
    GetRetailerImageUseCase,
  ],
})
export class AssetsModule {}
