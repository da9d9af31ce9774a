import { Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { config } from './config.js';
import { migrations } from './migrations/index.js';

@Module({
  imports: [
    PlatformModule.forRoot({ service: 'storefront-proxy', schema: 'storefront', config, entities: [], migrations }),
  ],
})
export class AppModule {}
