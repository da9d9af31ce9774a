import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module.js';
import { AppProxyModule } from '../app-proxy/app-proxy.module.js';
import { ShopsModule } from '../shops/shops.module.js';
import { SettingsController } from './settings.controller.js';

@Module({
  imports: [ClientsModule, ShopsModule, AppProxyModule],
  controllers: [SettingsController],
})
export class SettingsModule {}
