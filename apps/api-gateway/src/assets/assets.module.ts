import { Module } from '@nestjs/common';
import { RpcClient } from '@cps/messaging';
import { AssetsController } from './assets.controller.js';
import { GetRetailerImageUseCase } from './get-retailer-image.use-case.js';
import { RetailerCatalog } from './retailer-catalog.js';

@Module({
  controllers: [AssetsController],
  providers: [
    { provide: RetailerCatalog, inject: [RpcClient], useFactory: (rpc: RpcClient) => new RetailerCatalog(rpc) },
    GetRetailerImageUseCase,
  ],
})
export class AssetsModule {}
