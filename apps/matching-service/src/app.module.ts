import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { type loadAppConfig } from './config.js';
import { MatchesModule } from './matches/matches.module.js';
import { migrations } from './migrations/index.js';
import { ProductsModule } from './products/products.module.js';
import { SimulatedDataModule } from './simulated-data/simulated-data.module.js';

@Module({})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: ReturnType<typeof loadAppConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'matching-service',
          schema: 'matching',
          config,
          migrations,
          producesEvents: true,
          consumesEvents: true,
        }),
        ProductsModule,
        MatchesModule,
        SimulatedDataModule,
      ],
    };
  }
}
