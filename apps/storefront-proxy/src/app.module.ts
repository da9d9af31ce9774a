import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { SecretBox } from '@cps/persistence';
import { PlatformModule, ServiceConfigModule } from '@cps/platform';
import { AppProxyModule } from './app-proxy/app-proxy.module.js';
import { AuthClient, SyncClient } from './clients/platform-clients.js';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from './config.js';
import { StorefrontErrorFilter } from './http/storefront-error.filter.js';
import { migrations } from './migrations/index.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { SettingsModule } from './settings/settings.module.js';
import { ShopsModule } from './shops/shops.module.js';

/** Configuration, the secret box and the typed clients of the services it asks, for every module. */
@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [STOREFRONT_CONFIG],
      useFactory: (config: StorefrontProxyConfig) => new SecretBox(config.ENCRYPTION_KEY),
    },
    { provide: APP_FILTER, useClass: StorefrontErrorFilter },
    AuthClient,
    SyncClient,
  ],
  exports: [SecretBox, AuthClient, SyncClient],
})
class StorefrontCommonModule {}

@Module({ controllers: [OpenApiController] })
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: StorefrontProxyConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ service: 'storefront-proxy', schema: 'storefront', config, migrations }),
        ServiceConfigModule.register(STOREFRONT_CONFIG, config),
        StorefrontCommonModule,
        ShopsModule,
        AppProxyModule,
        SettingsModule,
      ],
    };
  }
}
