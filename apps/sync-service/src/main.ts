import { runService } from '@cps/platform';
import { definition } from './service-definition.js';

await runService(definition);
