import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { gatewayHttpInput } from './http/json-body-parser.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'api-gateway',
  schema: 'gateway',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
  http: gatewayHttpInput,
});
