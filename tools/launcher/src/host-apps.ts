import { once } from 'node:events';
import { runServices, type HostedService, type ServiceDefinition } from '@cps/platform';
import { HOSTED_APPS_VARIABLE, type HostedAppEnv } from './services.js';

/** Where the host finds an app's definition: a dynamic import of its module, or the host bundle's own copy. */
export type DefinitionOf = (service: string) => Promise<ServiceDefinition>;

/**
 * The single-node host (`npm start`'s default layout): every app named in CPS_HOSTED_APPS, each with its own
 * environment on top of this process's, as its own Nest application in this one Node process (`runServices`): each
 * keeps its own configuration, module graph, schema and database role, port and NATS connections, and they talk over
 * NATS as separate processes do; the libraries load once. SIGTERM/SIGINT stop every app. Under the launcher (an IPC
 * channel) it loads the apps, says `loaded`, and starts them when told to, once the migrations are applied.
 *
 * Its entries: `one-process.ts` (the compiled modules) and the host bundle (`tools/host-bundle.mjs`, ADR 0020).
 */
export async function hostApps(definitionOf: DefinitionOf): Promise<void> {
  const apps = JSON.parse(process.env[HOSTED_APPS_VARIABLE] ?? '[]') as HostedAppEnv[];
  const shared: NodeJS.ProcessEnv = { ...process.env };
  delete shared[HOSTED_APPS_VARIABLE];
  const hosted: HostedService[] = await Promise.all(
    apps.map(async (app) => ({ definition: await definitionOf(app.service), env: { ...shared, ...app.env } })),
  );
  if (process.send) {
    // Started by the launcher (Platform): it migrates while this process loads the apps' code, and says when to start.
    const go = once(process, 'message');
    process.send('loaded');
    await go;
    process.disconnect();
  }
  await runServices(hosted);
}
