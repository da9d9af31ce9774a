import { Module } from '@nestjs/common';
import { PlatformModule } from '@cps/platform';
import { config } from './config.js';
import { ConnectorDisconnectedHandler } from './connectors/connector-revocations.js';
import { McpModule } from './mcp/mcp.module.js';
import { migrations } from './migrations/index.js';
import { PROJECTORS, RETIRED_PROJECTORS } from './read-model/handlers.js';

@Module({
  imports: [
    PlatformModule.forRoot({
      service: 'mcp-server',
      schema: 'mcp',
      config,
      entities: [],
      migrations,
      eventHandlers: [...PROJECTORS, ConnectorDisconnectedHandler],
      retiredConsumers: RETIRED_PROJECTORS,
    }),
    McpModule,
  ],
})
export class AppModule {}
