import { Global, Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { AssetsModule } from './assets/assets.module.js';
import { config } from './config.js';
import { GATEWAY_CONFIG } from './gateway-config.js';
import { HttpModule } from './http/http.module.js';
import { migrations } from './migrations/index.js';
import { RetailersModule } from './retailers/retailers.module.js';
import { SimulatorModule } from './simulator/simulator.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Global()
@Module({
  providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
  exports: [GATEWAY_CONFIG],
})
class GatewayConfigModule {}

@Module({
  imports: [
    PlatformModule.forRoot({
      service: 'api-gateway',
      schema: 'gateway',
      config,
      entities: [],
      migrations,
    }),
    GatewayConfigModule,
    HttpModule,
    RetailersModule,
    WebhooksModule,
    SimulatorModule,
    AssetsModule,
  ],
})
export class AppModule {}
