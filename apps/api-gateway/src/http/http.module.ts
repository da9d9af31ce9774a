import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { GatewayExceptionFilter } from './exception.filter.js';
import { JsonBodyInterceptor } from './json-body.interceptor.js';
import { GatewayValidationPipe } from './validation.pipe.js';

/**
 * The gateway's HTTP conventions: validation of every request part, error shapes. Bodies are parsed by the
 * platform's input firewall (gatewayHttpInput).
 */
@Module({
  providers: [
    { provide: APP_FILTER, useClass: GatewayExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: JsonBodyInterceptor },
    { provide: APP_PIPE, useClass: GatewayValidationPipe },
  ],
})
export class HttpModule {}
