import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller.js';
import { OpenApiDocuments } from './openapi-documents.service.js';

@Module({
  controllers: [OpenApiController],
  providers: [OpenApiDocuments],
})
export class OpenApiModule {}
