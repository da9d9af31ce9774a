import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GatewayExceptionFilter } from './exception.filter.js';
import { jsonBodyParserProvider } from './json-body-parser.js';

/** The gateway's HTTP conventions: body parsing, error shapes. */
@Module({
  providers: [jsonBodyParserProvider, { provide: APP_FILTER, useClass: GatewayExceptionFilter }],
})
export class HttpModule {}
