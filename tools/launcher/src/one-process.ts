import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { ServiceDefinition } from '@cps/platform';
import { hostApps } from './host-apps.js';
import { definitionModule } from './services.js';

/** The single-node host from the compiled modules (`CPS_HOST_BUNDLE=0`, or before the host bundle is built). */
const root = resolve(import.meta.dirname, '../../../..');
await hostApps(async (service) => {
  const { definition } = (await import(pathToFileURL(definitionModule(root, service)).href)) as {
    definition: ServiceDefinition;
  };
  return definition;
});
