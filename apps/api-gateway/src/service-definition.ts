import { type ServiceDefinition } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { gatewayHttpInput } from './http/json-body-parser.js';
import { migrations } from './migrations/index.js';
import { publishOpenApi } from './openapi/openapi-documents.service.js';

/** The app as the platform starts it: alone (main.ts, one app per pod) or beside the others in one process (npm start). */
export const definition = {
  service: 'api-gateway',
  schema: 'gateway',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
  http: gatewayHttpInput,
  configure: publishOpenApi,
} satisfies ServiceDefinition<ReturnType<typeof loadAppConfig>>;
