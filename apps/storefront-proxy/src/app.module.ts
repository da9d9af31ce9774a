import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServiceConfigModule } from '@cps/platform';
import { AppProxyModule } from './app-proxy/app-proxy.module.js';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from './config.js';
import { StorefrontErrorFilter } from './http/storefront-error.filter.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { SettingsModule } from './settings/settings.module.js';
import { ShopsModule } from './shops/shops.module.js';

@Module({
  controllers: [OpenApiController],
  providers: [{ provide: APP_FILTER, useClass: StorefrontErrorFilter }],
})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: StorefrontProxyConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceConfigModule.register(STOREFRONT_CONFIG, config), ShopsModule, AppProxyModule, SettingsModule],
    };
  }
}
