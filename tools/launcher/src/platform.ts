import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MigrationInterface } from 'typeorm';
import { HostedApp } from './hosted-app.js';
import { setRolePasswords } from './infrastructure.js';
import {
  databaseRole,
  entryPoint,
  HOSTED_APPS_VARIABLE,
  hostEntryPoint,
  portVariable,
  SERVICES,
  type HostedAppEnv,
  type ServiceSpec,
} from './services.js';
import { ServiceProcess } from './service-process.js';
import type { MigrateCommand, MigrateReply } from './host-apps.js';

/**
 * `processes`: a Node process per app (and per replica), as in Kubernetes. `one-process`: every app as its own Nest
 * application inside one Node process (one-process.ts), the libraries loaded once; the apps still talk over NATS.
 */
export type PlatformLayout = 'processes' | 'one-process';

export interface PlatformOptions {
  root: string;
  /** Environment shared by every service (DATABASE_URL, NATS_URL, ...). DATABASE_URL is the migrating user's. */
  env: NodeJS.ProcessEnv;
  /**
   * Port per service, or one per replica; default: `<NAME>_PORT` from env, else the service's fixed port.
   * Replicas without a port of their own listen on the first one's port + 100, + 200, ...
   */
  ports?: Partial<Record<string, number | readonly number[]>>;
  /** Processes per service (default 1); only services marked scalable take more than one. */
  replicas?: Partial<Record<string, number>>;
  /** Extra environment per service. */
  serviceEnv?: Partial<Record<string, NodeJS.ProcessEnv>>;
  services?: readonly ServiceSpec[];
  /**
   * Services connect as their schema's role (`cps_<schema>`, created by their migrations) rather than as the
   * migrating user (default true).
   */
  databaseRoles?: boolean;
  /** `service` is the service's name, `instance` tells replicas apart (`api-gateway#2`). */
  onLog?: (service: string, line: string, instance: string) => void;
  /** Default `processes`; `one-process` runs one instance of each service (no replicas). */
  layout?: PlatformLayout;
}

/** The app a line of the single-node host is from (its pino `service`), or the host's own. */
function serviceOfLine(line: string): string {
  return /^\{"level":"[a-z]+","time":"[^"]*","service":"([^"]+)"/.exec(line)?.[1] ?? 'platform';
}

/**
 * The services as child processes. `processes` holds every process: the first replica of a service under its
 * name, the others under `<name>#2`, `<name>#3`, ... In the `one-process` layout it holds a `HostedApp` per service,
 * all run by `host`.
 */
export class Platform {
  readonly processes = new Map<string, ServiceProcess>();
  /** The single-node host process (`one-process` layout). */
  readonly host?: ServiceProcess;
  private readonly migrations: Array<{ spec: ServiceSpec; env: NodeJS.ProcessEnv }> = [];
  private readonly roles: string[] = [];
  /** Which start of the host said `loaded` already (`ServiceProcess.starts`). */
  private loadedHostStart = 0;

  constructor(readonly options: PlatformOptions) {
    const useRoles = options.databaseRoles ?? true;
    const hosted: HostedAppEnv[] = [];
    if (options.layout === 'one-process') {
      const scaled = Object.entries(options.replicas ?? {}).filter(([, count]) => (count ?? 1) > 1);
      if (scaled.length) throw new Error('replicas need the multi-process layout');
      this.host = new ServiceProcess({
        name: 'platform',
        entry: hostEntryPoint(options.root, { ...process.env, ...options.env }),
        port: 0,
        env: { ...options.env },
        ipc: true,
        onLog: options.onLog
          ? (line) => {
              const service = serviceOfLine(line);
              options.onLog!(service, line, service);
            }
          : undefined,
      });
    }
    for (const spec of options.services ?? SERVICES) {
      const entry = entryPoint(options.root, spec.name);
      const migrateEnv = { ...options.env, ...options.serviceEnv?.[spec.name] };
      this.migrations.push({ spec, env: migrateEnv });
      const env = { ...options.env };
      if (useRoles && options.env.DATABASE_URL) {
        const { role, url } = databaseRole(spec, options.env.DATABASE_URL);
        env.DATABASE_URL = url;
        this.roles.push(role);
      }
      Object.assign(env, options.serviceEnv?.[spec.name]);
      const count = spec.scalable ? Math.max(1, options.replicas?.[spec.name] ?? 1) : 1;
      const ports = this.portsOf(spec, count);
      if (this.host) {
        hosted.push({ service: spec.name, env: { ...env, PORT: String(ports[0]) } });
        this.processes.set(spec.name, new HostedApp({ name: spec.name, port: ports[0], env }, this.host));
        continue;
      }
      for (let index = 0; index < count; index += 1) {
        const instance = index === 0 ? spec.name : `${spec.name}#${index + 1}`;
        this.processes.set(
          instance,
          new ServiceProcess({
            name: instance,
            entry,
            port: ports[index],
            env,
            onLog: options.onLog ? (line) => options.onLog!(spec.name, line, instance) : undefined,
          }),
        );
      }
    }
    if (this.host) this.host.options.env[HOSTED_APPS_VARIABLE] = JSON.stringify(hosted);
  }

  private portsOf(spec: ServiceSpec, count: number): number[] {
    const given = this.options.ports?.[spec.name];
    const list = given === undefined ? [] : typeof given === 'number' ? [given] : [...given];
    if (!list.length) {
      const fromEnv = Number(this.options.env[portVariable(spec.name)] ?? process.env[portVariable(spec.name)]);
      list.push(Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : spec.port);
    }
    while (list.length < count) list.push(list[0] + 100 * list.length);
    return list;
  }

  /** The service's first replica. */
  service(name: string): ServiceProcess {
    const process = this.processes.get(name);
    if (!process) throw new Error(`unknown service ${name}`);
    return process;
  }

  /** Every replica of the service. */
  replicas(name: string): ServiceProcess[] {
    return [...this.processes.entries()]
      .filter(([instance]) => instance === name || instance.startsWith(`${name}#`))
      .map(([, process]) => process);
  }

  /**
   * Applies every service's pending migrations, one service at a time, as the migrating user: in the single-node
   * host once it has loaded the apps' code (`one-process`: the launcher then never loads TypeORM or a migration), or
   * else in this process (each app's `migrations/index.js`, as `main.js migrate` would, without booting the app
   * eleven times). When that user's URL carries a password (the embedded Postgres), the services' roles get the same
   * one; with trust authentication (the machine's Postgres) they need none.
   */
  async migrate(timeoutMs = 90_000): Promise<void> {
    if (this.host) await this.migrateInHost(timeoutMs);
    else for (const { spec, env } of this.migrations) await migrateSchema(this.options.root, spec, env);
    const url = this.options.env.DATABASE_URL;
    if (url && new URL(url).password && this.roles.length) await setRolePasswords(url, this.roles);
  }

  private async migrateInHost(timeoutMs: number): Promise<void> {
    this.prepare();
    await this.hostLoaded(timeoutMs);
    const migrate: MigrateCommand = {
      migrate: this.migrations.map(({ spec, env }) => ({ service: spec.name, databaseUrl: env.DATABASE_URL! })),
    };
    this.host!.send(migrate);
    migrationOutcome(await this.host!.nextMessage(timeoutMs));
  }

  /** The host says `loaded` once it has the apps' code, before it migrates or starts them (host-apps.ts). */
  private async hostLoaded(timeoutMs: number): Promise<void> {
    const host = this.host!;
    if (this.loadedHostStart === host.starts) return;
    const message = await host.nextMessage(timeoutMs).catch((error: Error) => {
      throw new Error(`the host did not load the apps: ${error.message}`);
    });
    if (message !== 'loaded') throw new Error(`the host said ${JSON.stringify(message)} instead of "loaded"`);
    this.loadedHostStart = host.starts;
  }

  /**
   * Starts the single-node host ahead of `start` (`one-process` layout; nothing otherwise), so that it loads every
   * app's code while the migrations run; its apps start when `start` says so.
   */
  prepare(): void {
    if (this.host && !this.host.running) this.host.start();
  }

  /** Starts every process; when one is not ready in time, stops them all (none is left running) and throws. */
  async start(timeoutMs = 90_000): Promise<void> {
    for (const process of this.processes.values()) process.start();
    try {
      if (this.host) await this.startHostedApps(timeoutMs);
      await Promise.all([...this.processes.values()].map((process) => process.waitReady(timeoutMs)));
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Once the host has loaded the apps' code (and migrated, when asked to), it may start them. */
  private async startHostedApps(timeoutMs: number): Promise<void> {
    await this.hostLoaded(timeoutMs);
    this.host!.send('start');
  }

  /** Stops the edge first, then the rest, each gracefully. */
  async stop(): Promise<void> {
    const ordered = [...this.processes.values()].reverse();
    await Promise.all(ordered.map((process) => process.stop()));
  }
}

/** A service's pending migrations, applied like its `main.js migrate` does (`DATABASE_URL` of `env`). */
async function migrateSchema(root: string, spec: ServiceSpec, env: NodeJS.ProcessEnv): Promise<void> {
  const module = join(root, 'dist', 'apps', spec.name, 'src', 'migrations', 'index.js');
  const { migrations } = (await import(pathToFileURL(module).href)) as {
    migrations: Array<new () => MigrationInterface>;
  };
  // Loaded here, not with the launcher: in the single-node layout the host migrates and the launcher never needs them.
  const [{ DataSource }, { runMigrations, schemaDataSourceOptions }] = await Promise.all([
    import('typeorm'),
    import('@cps/persistence'),
  ]);
  const dataSource = new DataSource(
    schemaDataSourceOptions({
      url: env.DATABASE_URL!,
      schema: spec.schema,
      entities: [],
      migrations,
      poolSize: 1,
      applicationName: `${spec.name}-migrate`,
    }),
  );
  await dataSource.initialize();
  try {
    await runMigrations(dataSource, spec.schema);
  } catch (error) {
    throw new Error(`migration failed (${spec.name}): ${(error as Error).message}`);
  } finally {
    await dataSource.destroy();
  }
}

/** The host's answer to a `MigrateCommand` (host-apps.ts): returns on `migrated`, else throws what went wrong. */
export function migrationOutcome(reply: unknown): void {
  if (reply === 'migrated') return;
  const failed = (reply as Partial<Exclude<MigrateReply, 'migrated'>> | null)?.failed;
  throw new Error(typeof failed === 'string' ? failed : `the host said ${JSON.stringify(reply)} instead of "migrated"`);
}
