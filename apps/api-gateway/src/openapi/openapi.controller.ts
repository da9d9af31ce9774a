import { Controller, Get, Header } from '@nestjs/common';
import { z } from 'zod';
import { PublicAccess } from '../auth/access-policy.js';
import { ApiTag, Endpoint } from './endpoint.decorator.js';
import { OpenApiDocuments } from './openapi-documents.service.js';

@Controller()
@ApiTag('Reference')
export class OpenApiController {
  constructor(private readonly documents: OpenApiDocuments) {}

  @Get('openapi.json')
  @PublicAccess()
  @Endpoint({
    summary: 'This API as OpenAPI 3.1',
    status: 200,
    response: z.looseObject({ openapi: z.string() }),
  })
  openapi() {
    return this.documents.document();
  }

  @Get('docs')
  @PublicAccess()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  @Endpoint({
    summary: 'This API as a readable reference page',
    status: 200,
    response: z.string(),
    contentType: 'text/html',
  })
  docs() {
    return this.documents.page();
  }
}
