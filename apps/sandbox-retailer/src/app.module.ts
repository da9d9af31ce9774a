import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServiceConfigModule } from '@cps/platform';
import { AdminModule } from './admin/admin.module.js';
import { SANDBOX_CONFIG } from './common/sandbox-config.js';
import { SandboxErrorFilter } from './common/sandbox-error.js';
import { type SandboxConfig } from './config.js';
import { RetailerApiModule } from './retailer-api/retailer-api.module.js';

/**
 * The sandbox stands in for a retailer's website, which never shares the platform's message bus: it runs
 * without NATS (its readiness is Postgres and migrations only).
 */
@Module({ providers: [{ provide: APP_FILTER, useClass: SandboxErrorFilter }] })
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: SandboxConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceConfigModule.register(SANDBOX_CONFIG, config), RetailerApiModule, AdminModule],
    };
  }
}
