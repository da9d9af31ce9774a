import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServiceConfigModule } from '@cps/platform';
import { MCP_CONFIG, type McpConfig } from './config.js';
import { McpErrorFilter } from './mcp/mcp-error.filter.js';
import { McpModule } from './mcp/mcp.module.js';
import { ReadModelModule } from './read-model/read-model.module.js';

@Module({ providers: [{ provide: APP_FILTER, useClass: McpErrorFilter }] })
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: McpConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceConfigModule.register(MCP_CONFIG, config), McpModule, ReadModelModule],
    };
  }
}
