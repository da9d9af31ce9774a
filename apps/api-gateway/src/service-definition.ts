import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { gatewayHttpInput } from './http/json-body-parser.js';
import { migrations } from './migrations/index.js';
import { publishOpenApi } from './openapi/openapi-documents.service.js';

export const definition = defineService({
  service: 'api-gateway',
  schema: 'gateway',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  http: gatewayHttpInput,
  configure: publishOpenApi,
});
