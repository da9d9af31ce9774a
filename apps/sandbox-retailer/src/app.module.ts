import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { PlatformModule } from '@cps/platform';
import { AdminModule } from './admin/admin.module.js';
import { SANDBOX_CONFIG } from './common/sandbox-config.js';
import { SandboxErrorFilter } from './common/sandbox-error.js';
import { config } from './config.js';
import { migrations } from './migrations/index.js';
import { RetailerApiModule } from './retailer-api/retailer-api.module.js';

@Global()
@Module({
  providers: [
    { provide: SANDBOX_CONFIG, useValue: config },
    { provide: APP_FILTER, useClass: SandboxErrorFilter },
  ],
  exports: [SANDBOX_CONFIG],
})
class SandboxConfigModule {}

/**
 * The sandbox stands in for a retailer's website, which never shares the platform's message bus: it runs
 * without NATS (its readiness is Postgres and migrations only).
 */
@Module({
  imports: [
    PlatformModule.forRoot({
      service: 'sandbox-retailer',
      schema: 'sandbox',
      config,
      entities: [],
      migrations,
      messaging: false,
    }),
    SandboxConfigModule,
    RetailerApiModule,
    AdminModule,
  ],
})
export class AppModule {}
