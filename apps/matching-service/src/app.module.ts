import { type DynamicModule, Module } from '@nestjs/common';
import { MatchesModule } from './matches/matches.module.js';
import { ProductsModule } from './products/products.module.js';
import { SimulatedDataModule } from './simulated-data/simulated-data.module.js';

@Module({})
export class AppModule {
  /** The service (its configuration reaches it through PlatformModule, service-definition.ts). */
  static register(): DynamicModule {
    return {
      module: AppModule,
      imports: [ProductsModule, MatchesModule, SimulatedDataModule],
    };
  }
}
