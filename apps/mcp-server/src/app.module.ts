import { Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { config } from './config.js';
import { migrations } from './migrations/index.js';

@Module({
  imports: [PlatformModule.forRoot({ service: 'mcp-server', schema: 'mcp', config, entities: [], migrations })],
})
export class AppModule {}
