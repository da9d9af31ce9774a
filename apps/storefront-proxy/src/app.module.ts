import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Clock, SystemClock } from '@cps/domain';
import { SecretBox, Transactor, TypeOrmTransactor } from '@cps/persistence';
import { PlatformModule } from '@cps/platform';
import { AppProxyModule } from './app-proxy/app-proxy.module.js';
import { AuthClient, SyncClient } from './clients/platform-clients.js';
import { config, STOREFRONT_CONFIG } from './config.js';
import { StorefrontErrorFilter } from './http/storefront-error.filter.js';
import { migrations } from './migrations/index.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { SettingsModule } from './settings/settings.module.js';
import { ShopsModule } from './shops/shops.module.js';

/** Configuration, ports and the typed clients of the services it asks, for every module. */
@Global()
@Module({
  providers: [
    { provide: STOREFRONT_CONFIG, useValue: config },
    { provide: Clock, useClass: SystemClock },
    { provide: Transactor, useClass: TypeOrmTransactor },
    { provide: SecretBox, useFactory: () => new SecretBox(config.ENCRYPTION_KEY) },
    { provide: APP_FILTER, useClass: StorefrontErrorFilter },
    AuthClient,
    SyncClient,
  ],
  exports: [STOREFRONT_CONFIG, Clock, Transactor, SecretBox, AuthClient, SyncClient],
})
class StorefrontCommonModule {}

@Module({
  imports: [
    PlatformModule.forRoot({ service: 'storefront-proxy', schema: 'storefront', config, entities: [], migrations }),
    StorefrontCommonModule,
    ShopsModule,
    AppProxyModule,
    SettingsModule,
  ],
  controllers: [OpenApiController],
})
export class AppModule {}
