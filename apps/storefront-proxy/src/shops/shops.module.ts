import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module.js';
import { BrandAccess } from './brand-access.js';
import { ConnectShopUseCase } from './connect-shop.use-case.js';
import { DisconnectShopUseCase } from './disconnect-shop.use-case.js';
import { ShopRepository } from './shop.repository.js';
import { ShopsHandler } from './shops.handler.js';

@Module({
  imports: [ClientsModule],
  controllers: [ShopsHandler],
  providers: [ShopRepository, BrandAccess, ConnectShopUseCase, DisconnectShopUseCase],
  exports: [ShopRepository, BrandAccess],
})
export class ShopsModule {}
