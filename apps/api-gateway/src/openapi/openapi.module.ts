import { Module } from '@nestjs/common';
import { DocsAssets } from './docs-page.js';
import { OpenApiController } from './openapi.controller.js';
import { OpenApiDocuments } from './openapi-documents.service.js';

@Module({
  controllers: [OpenApiController],
  providers: [OpenApiDocuments, { provide: DocsAssets, useFactory: () => new DocsAssets() }],
})
export class OpenApiModule {}
