import { once } from 'node:events';
import { createLogger } from '@cps/observability';
import { migrateServices, runServices, type HostedService, type ServiceDefinition } from '@cps/platform';
import { HOSTED_APPS_VARIABLE, type HostedAppEnv } from './services.js';

/** The launcher's request to apply the apps' migrations, each as the migrating user of its `databaseUrl`. */
export interface MigrateCommand {
  migrate: Array<{ service: string; databaseUrl: string }>;
}

/** The host's answer to a `MigrateCommand`. */
export type MigrateReply = 'migrated' | { failed: string };

/** Where the host finds an app's definition: a dynamic import of its module, or the host bundle's own copy. */
export type DefinitionOf = (service: string) => Promise<ServiceDefinition>;

/**
 * The single-node host (`npm start`'s default layout): every app named in CPS_HOSTED_APPS, each with its own
 * environment on top of this process's, as its own Nest application in this one Node process (`runServices`): each
 * keeps its own configuration, module graph, schema and database role, port and NATS connections, and they talk over
 * NATS as separate processes do; the libraries load once. SIGTERM/SIGINT stop every app. Under the launcher (an IPC
 * channel) it loads the apps, says `loaded`, applies their migrations when told to (`MigrateCommand`: the code is
 * loaded already, so the launcher does not load it a second time), and starts them when told to.
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
    // Started by the launcher (Platform), which says when to migrate and when to start.
    process.send('loaded');
    for (;;) {
      const [message] = (await once(process, 'message')) as [unknown];
      if (message === 'start') break;
      const { migrate } = (message ?? {}) as Partial<MigrateCommand>;
      if (migrate) process.send(await migrateHosted(migrate, definitionOf, shared.LOG_LEVEL));
    }
    process.disconnect();
  }
  await runServices(hosted);
}

async function migrateHosted(
  apps: MigrateCommand['migrate'],
  definitionOf: DefinitionOf,
  level = 'info',
): Promise<MigrateReply> {
  try {
    const definitions = await Promise.all(
      apps.map(async ({ service, databaseUrl }) => ({ definition: await definitionOf(service), databaseUrl })),
    );
    await migrateServices(definitions, createLogger('platform', level));
    return 'migrated';
  } catch (error) {
    return { failed: (error as Error).message };
  }
}
