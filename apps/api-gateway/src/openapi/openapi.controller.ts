import { Controller, Get, Header, NotFoundException, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { PublicAccess } from '../auth/access-policy.js';
import { ApiEndpoint } from './api-endpoint.decorator.js';
import { DOCS_CONTENT_SECURITY_POLICY, DOCS_PAGE, DocsAssets } from './docs-page.js';
import { OpenApiDocuments } from './openapi-documents.service.js';

@Controller()
@ApiTags('Reference')
export class OpenApiController {
  constructor(
    private readonly documents: OpenApiDocuments,
    private readonly assets: DocsAssets,
  ) {}

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

  @Get('docs')
  @PublicAccess()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY)
  @Header('Referrer-Policy', 'same-origin')
  @Header('X-Content-Type-Options', 'nosniff')
  @ApiEndpoint({
    summary: 'This API as an interactive reference (Swagger UI)',
    status: 200,
    response: { contentType: 'text/html', description: 'The reference page' },
  })
  docs() {
    return DOCS_PAGE;
  }

  @Get('docs/:file')
  @PublicAccess()
  @ApiExcludeEndpoint()
  docsAsset(@Param('file') file: string, @Res({ passthrough: true }) response: Response): StreamableFile {
    const asset = this.assets.get(file);
    if (!asset) throw new NotFoundException({ detail: 'Not Found' });
    response.set({
      'Content-Type': asset.contentType,
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    });
    return new StreamableFile(asset.body, { type: asset.contentType, length: asset.body.length });
  }
}
