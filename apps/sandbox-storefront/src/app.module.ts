import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceConfigModule } from '@cps/platform';
import { AdminApiController } from './admin-api/admin-api.controller.js';
import { AppProxyForwarderController } from './app-proxy/app-proxy-forwarder.controller.js';
import { STOREFRONT_CONFIG, type SandboxStorefrontConfig } from './config.js';
import { CustomerRepository } from './customers/customer.repository.js';
import { StorefrontSessions } from './customers/storefront-session.js';
import { StorefrontController } from './storefront/storefront.controller.js';

/**
 * Plays a storefront platform (Shopify-like) for development and tests: a shop with customer accounts, a page
 * with the brand's theme block, the app proxy that signs and forwards `/apps/service/*` to storefront-proxy, and
 * the Admin API's customer resource. Like a real platform it never talks NATS.
 */
@Module({
  controllers: [StorefrontController, AppProxyForwarderController, AdminApiController],
  providers: [CustomerRepository, StorefrontSessions],
})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: SandboxStorefrontConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceConfigModule.register(STOREFRONT_CONFIG, config)],
    };
  }
}
