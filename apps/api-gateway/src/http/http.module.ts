import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { GatewayExceptionFilter } from './exception.filter.js';
import { jsonBodyParserProvider } from './json-body-parser.js';
import { JsonBodyInterceptor } from './json-body.interceptor.js';
import { GatewayValidationPipe } from './validation.pipe.js';

/** The gateway's HTTP conventions: body parsing, validation of every request part, error shapes. */
@Module({
  providers: [
    jsonBodyParserProvider,
    { provide: APP_FILTER, useClass: GatewayExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: JsonBodyInterceptor },
    { provide: APP_PIPE, useClass: GatewayValidationPipe },
  ],
})
export class HttpModule {}
