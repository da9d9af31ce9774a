import { Module } from '@nestjs/common';
import { BrandAccess } from './brand-access.js';
import { ConnectShopUseCase } from './connect-shop.use-case.js';
import { DisconnectShopUseCase } from './disconnect-shop.use-case.js';
import { ShopRepository } from './shop.repository.js';
import { ShopsHandler } from './shops.handler.js';

@Module({
  controllers: [ShopsHandler],
  providers: [ShopRepository, BrandAccess, ConnectShopUseCase, DisconnectShopUseCase],
  exports: [ShopRepository, BrandAccess],
})
export class ShopsModule {}
