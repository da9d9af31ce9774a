import { type DynamicModule, Module } from '@nestjs/common';
import { AdminController, AdminTokenGuard, LOYALTY_CONFIG } from './admin.controller.js';
import { type SandboxLoyaltyConfig } from './config.js';
import { PlatformApiController } from './platform-api.controller.js';
import { ReceivedCalls } from './received-calls.js';

/**
 * The sandbox plays third-party loyalty and marketing platforms (Smile.io / Yotpo style points, Klaviyo style
 * events, a webhook receiver), which never share the platform's message bus: it runs without NATS.
 */
@Module({
  controllers: [PlatformApiController, AdminController],
  providers: [ReceivedCalls, AdminTokenGuard],
})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: SandboxLoyaltyConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [],
      providers: [{ provide: LOYALTY_CONFIG, useValue: config }],
    };
  }
}
