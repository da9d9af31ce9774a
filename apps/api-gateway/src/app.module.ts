import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { SecretBox } from '@cps/persistence';
import { AdSharingModule } from './ad-sharing/ad-sharing.module.js';
import { AssetsModule } from './assets/assets.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ClientsModule } from './clients/clients.module.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway-config.js';
import { HttpModule } from './http/http.module.js';
import { AuditActorInterceptor } from './http/audit-actor.interceptor.js';
import { IdempotencyInterceptor } from './http/idempotency.interceptor.js';
import { LinkTokensModule } from './link-tokens/link-tokens.module.js';
import { LinkModule } from './link/link.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { ProductsModule } from './products/products.module.js';
import { PurchasesModule } from './purchases/purchases.module.js';
import { RetailersModule } from './retailers/retailers.module.js';
import { SimulatorModule } from './simulator/simulator.module.js';
import { IntegrationsModule } from './integrations/integrations.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Global()
@Module({
  // After HttpModule's interceptors: a replayed answer is shaped like a fresh one; a replay records no audit entry.
  providers: [
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
    { provide: APP_INTERCEPTOR, useClass: AuditActorInterceptor },
  ],
})
class GatewayConfigModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayConfigModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: SecretBox, useFactory: () => new SecretBox(config.ENCRYPTION_KEY) },
      ],
      exports: [GATEWAY_CONFIG, SecretBox],
    };
  }
}

@Module({})
export class AppModule {
  /** The gateway for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GatewayConfigModule.register(config),
        HttpModule,
        ClientsModule,
        AuthModule,
        ConnectionsModule,
        PurchasesModule,
        ProductsModule,
        RetailersModule,
        LinkTokensModule,
        AdSharingModule,
        WebhooksModule,
        IntegrationsModule,
        SimulatorModule,
        AssetsModule,
        LinkModule,
        OpenApiModule,
      ],
    };
  }
}
