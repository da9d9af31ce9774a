import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { PlatformModule } from '@cps/platform';
import { config } from './config.js';
import { ConnectorDisconnectedHandler } from './connectors/connector-revocations.js';
import { McpErrorFilter } from './mcp/mcp-error.filter.js';
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
  providers: [{ provide: APP_FILTER, useClass: McpErrorFilter }],
})
export class AppModule {}
