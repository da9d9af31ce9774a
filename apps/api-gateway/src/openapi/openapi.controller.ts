import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicAccess } from '../auth/access-policy.js';
import { ApiEndpoint } from './api-endpoint.decorator.js';
import { OpenApiDocuments } from './openapi-documents.service.js';

@Controller()
@ApiTags('Reference')
export class OpenApiController {
  constructor(private readonly documents: OpenApiDocuments) {}

  @Get('openapi.json')
  @PublicAccess()
  @ApiEndpoint({
    summary: 'This API as OpenAPI 3.1',
    status: 200,
    response: {
      contentType: 'application/json',
      description: 'The OpenAPI document',
      schema: { type: 'object', properties: { openapi: { type: 'string' } }, required: ['openapi'] },
    },
  })
  openapi() {
    return this.documents.document();
  }
}
