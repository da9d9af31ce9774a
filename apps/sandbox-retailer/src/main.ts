import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { migrations } from './migrations/index.js';

// No `rpc`: the sandbox plays a retailer's website and never talks NATS.
await runService({ service: 'sandbox-retailer', schema: 'sandbox', config, module: AppModule, migrations });
