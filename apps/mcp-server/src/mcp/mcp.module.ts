import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { AskService } from '../ask/ask.service.js';
import { TeamQuery } from '../ask/team-query.js';
import { MCP_CONFIG, type McpConfig } from '../config.js';
import { ConnectorDisconnectedHandler, ConnectorRevocations } from '../connectors/connector-revocations.js';
import { RetailerCatalogService } from '../read-model/retailer-catalog.service.js';
import { ConnectorTokens } from './connector-tokens.js';
import { MCP_PATH, McpAuthMiddleware, McpController, ProtectedResourceController } from './mcp.controller.js';
import { McpSettings } from './mcp-settings.js';

@Module({
  controllers: [ProtectedResourceController, McpController],
  providers: [
    { provide: McpSettings, inject: [MCP_CONFIG], useFactory: (config: McpConfig) => McpSettings.from(config) },
    ConnectorRevocations,
    ConnectorDisconnectedHandler,
    ConnectorTokens,
    TeamQuery,
    AskService,
    RetailerCatalogService,
    McpAuthMiddleware,
  ],
})
export class McpModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(McpAuthMiddleware).forRoutes({ path: MCP_PATH, method: RequestMethod.POST });
  }
}
