import 'reflect-metadata';
import { type DynamicModule, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServer, type Server } from 'node:http';
import { IsOptional } from 'class-validator';
import { ServerNats, type MicroserviceOptions } from '@nestjs/microservices';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { type Logger } from 'pino';
import { EnvPort, loadConfig, ServiceEnv } from '@cps/config';
import { natsServerOptions } from '@cps/messaging';
import {
  createLogger,
  ListenStatus,
  listenStatus,
  processMetricsRegistry,
  runInAppScope,
  ServiceMetrics,
} from '@cps/observability';
import { runMigrations, schemaDataSourceOptions, type SchemaDataSourceOptions } from '@cps/persistence';
import { DataSource } from 'typeorm';
import { answerClientErrorsWithJson, installInputFirewall, type HttpInputOptions } from './input-firewall.js';
import { PlatformModule, type PlatformModuleOptions } from './platform.module.js';
import { AppScopedNestLogger } from './service-logs.js';
import { releaseStartupMemory } from './startup-memory.js';

/** What every service's configuration has: the variables of ServiceEnv and the port it listens on. */
export type ServiceConfig = Pick<ServiceEnv, 'DATABASE_URL' | 'NATS_URL' | 'LOG_LEVEL' | 'SHUTDOWN_GRACE_MS'> & {
  PORT: number;
};

export interface ServiceDefinition<C extends ServiceConfig = ServiceConfig> {
  service: string;
  schema: string;
  /**
   * Builds the service's configuration from an environment when it starts (not when its code is imported): a bad
   * environment stops the process with code 78. Not called by `migrate`, which needs DATABASE_URL alone.
   */
  config: (env: NodeJS.ProcessEnv) => C;
  /**
   * The root module for a configuration (each app's `AppModule.register`). A method, so that a definition of any app
   * is a `ServiceDefinition` (runServices hosts several, each given its own configuration).
   */
  module(config: C): DynamicModule;
  migrations: SchemaDataSourceOptions['migrations'];
  /** Answers request/reply subjects (`@MessagePattern` handlers) in the service's queue group. */
  rpc?: boolean;
  /** Body limits of the app's input firewall (default: 100 kB JSON and forms, no raw body). */
  http?: HttpInputOptions;
  /**
   * Runs once the app is built and before it listens, with the application itself (the gateway builds its OpenAPI
   * document from the app's controllers here).
   */
  configure?(app: NestExpressApplication, config: C): void | Promise<void>;
}

/** What an app asks of PlatformModule beyond what its definition already says (name, schema, migrations, config). */
type PlatformExtras = Omit<PlatformModuleOptions, 'service' | 'schema' | 'config' | 'migrations'>;

/**
 * The app as the platform starts it (alone from main.ts, one app per pod, or beside the others in one process with
 * npm start), for the usual app whose root module is `AppModule.register(config)`: its root module imports
 * PlatformModule for the service, schema and migrations named here (and `platform`'s extras, a function of the
 * configuration where they depend on it), so each is written once.
 */
export function defineService<C extends ServiceConfig & ServiceEnv>({
  app,
  platform,
  ...definition
}: Omit<ServiceDefinition<C>, 'module'> & {
  app: { register(config: C): DynamicModule };
  platform?: PlatformExtras | ((config: C) => PlatformExtras);
}): ServiceDefinition<C> {
  const { service, schema, migrations } = definition;
  return {
    ...definition,
    module: (config) => {
      const root = app.register(config);
      const extras = typeof platform === 'function' ? platform(config) : platform;
      const base = PlatformModule.forRoot({ service, schema, migrations, config, ...extras });
      return { ...root, imports: [base, ...(root.imports ?? [])] };
    },
  };
}

/** METRICS_PORT (optional): serve /metrics on a listener of its own instead of the app's port. */
class MetricsEnv {
  @IsOptional()
  @EnvPort()
  METRICS_PORT?: number;
}

/**
 * A Nest application on express with the input firewall (input-firewall.ts) in front of everything else (the
 * firewall parses the bodies, so Nest's own parsers are off) and client addresses read through private proxies.
 */
export async function createHttpApp(
  module: unknown,
  input: HttpInputOptions = {},
  options: NestApplicationOptions = {},
): Promise<NestExpressApplication> {
  const adapter = new ExpressAdapter();
  // Behind the ingress (private addresses) `request.ip` is the client's address from X-Forwarded-For, the right-most
  // one a private hop added: per-address limits (sign-in throttling, registrations, rate limits) count each client,
  // not the ingress. A client on the public internet cannot make itself trusted.
  adapter
    .getInstance<{ set(setting: string, value: unknown): void }>()
    .set('trust proxy', 'loopback, linklocal, uniquelocal');
  installInputFirewall(adapter, input);
  return NestFactory.create<NestExpressApplication>(module as never, adapter, { ...options, bodyParser: false });
}

/** An app to start and the environment its configuration is built from. */
export interface HostedService {
  definition: ServiceDefinition;
  env: NodeJS.ProcessEnv;
}

/**
 * Entry point of every service. `node main.js migrate` applies the schema's pending migrations and
 * exits (npm run migrate, the Kubernetes migration Job); it reads only the variables every service shares
 * (DATABASE_URL, LOG_LEVEL), so a Job needs no secret of the service. Without arguments the service builds its
 * configuration from `env`, runs until SIGTERM/SIGINT, then stops taking work, finishes what is in flight and
 * closes its connections.
 */
export async function runService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (process.argv[2] === 'migrate') {
    const config = loadConfig(ServiceEnv, env);
    const logger = createLogger(definition.service, config.LOG_LEVEL);
    process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
    await migrate(definition, config.DATABASE_URL, logger);
    return;
  }
  await runServices([{ definition, env }]);
}

/**
 * Several apps in one process (`npm start`'s single-node layout), each as its own Nest application with its own
 * configuration (from its own environment), module graph, logger, metrics, database pool, NATS connections and port,
 * as if each ran in a process of its own; the libraries are loaded once. One app runs as `runService` runs it. Every
 * configuration is built before any app starts. SIGTERM/SIGINT stop every app (in-flight work finishes) and exit 0;
 * the process's own lines (an unhandled rejection) are logged as `name`.
 */
export async function runServices(services: readonly HostedService[], name = 'platform'): Promise<void> {
  const prepared = services.map(({ definition, env }) => {
    const config = definition.config(env);
    const { METRICS_PORT } = loadConfig(MetricsEnv, env);
    return {
      definition,
      config,
      metricsPort: METRICS_PORT,
      logger: createLogger(definition.service, config.LOG_LEVEL),
    };
  });
  const single = prepared.length === 1 ? prepared[0] : undefined;
  // In a process of several apps, the process's metrics and lines are the host's, not the first app's.
  if (!single) processMetricsRegistry(name);
  const processLogger = single?.logger ?? createLogger(name, process.env.LOG_LEVEL ?? 'info');
  process.on('unhandledRejection', (reason) => processLogger.error({ err: reason }, 'unhandled rejection'));
  // @nestjs/typeorm keeps the data source names of every app of the process in one static set and warns when a
  // second app registers its "default" one, though each app's data source lives in a DI container of its own.
  const nestLogger = new AppScopedNestLogger(processLogger, single ? [] : ['DataSourceNameRegistry']);
  const started = await Promise.allSettled(
    prepared.map((app) =>
      startApp(app, nestLogger, single ? listenStatus : new ListenStatus()).then((nest) => ({ ...app, nest })),
    ),
  );
  const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(apps.map((app) => app.nest.close()));
    throw failed.reason;
  }
  stopOnSignal(
    // Every app finishes its shutdown even when another one's fails; then the first failure is reported.
    async () => {
      const closed = await Promise.allSettled(apps.map((app) => app.nest.close()));
      const failure = closed.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
    Math.max(...apps.map((app) => app.config.SHUTDOWN_GRACE_MS)),
    processLogger,
  );
  releaseStartupMemory();
}

interface PreparedApp {
  definition: ServiceDefinition;
  config: ServiceConfig;
  metricsPort?: number;
  logger: Logger;
}

/**
 * Builds and starts one app in its own scope (app-scope.ts), listening on its port (and its metrics port); `close`
 * stops both.
 */
async function startApp(
  { definition, config, metricsPort, logger }: PreparedApp,
  nestLogger: AppScopedNestLogger,
  listens: ListenStatus,
): Promise<{ close(): Promise<void> }> {
  return runInAppScope({ service: definition.service, logger, listens }, async () => {
    const app = await createHttpApp(definition.module(config), definition.http, {
      logger: nestLogger,
      forceCloseConnections: false,
    });
    const http = app.getHttpAdapter().getInstance() as { disable?: (setting: string) => void };
    http.disable?.('x-powered-by');
    // Express hashes every response body into an ETag (a measurable share of the gateway's time, bench/read
    // README), for conditional requests no client makes on data that changes under it. Static files keep
    // theirs (serve-static sets its own).
    http.disable?.('etag');
    await definition.configure?.(app, config);
    if (definition.rpc) {
      app.connectMicroservice<MicroserviceOptions>(
        {
          strategy: new ServerNats({
            ...natsServerOptions(config.NATS_URL),
            name: `${definition.service}-rpc`,
            queue: definition.service,
            maxReconnectAttempts: -1,
            reconnectTimeWait: 500,
            waitOnFirstConnect: true,
            gracefulShutdown: true,
            // Nest sleeps this long after unsubscribing, whatever is in flight: enough for an rpc handler.
            gracePeriod: Math.min(config.SHUTDOWN_GRACE_MS, 1_000),
          }),
        },
        { inheritAppConfig: true },
      );
      await app.startAllMicroservices();
    }
    // With a metrics port, the app's port (the one the edge routes) answers 404 to /metrics.
    if (metricsPort !== undefined)
      app.use('/metrics', (_req: unknown, res: { sendStatus(code: number): void }) => res.sendStatus(404));
    await app.listen(config.PORT, '0.0.0.0');
    answerClientErrorsWithJson(app.getHttpServer());
    const metricsServer =
      metricsPort === undefined
        ? undefined
        : await serveMetrics(app.get(ServiceMetrics, { strict: false }), metricsPort);
    logger.info({ port: config.PORT, metricsPort }, `${definition.service} listening`);
    return {
      close: () => {
        metricsServer?.close();
        return app.close();
      },
    };
  });
}

/**
 * SIGTERM/SIGINT: stop taking work, let in-flight requests and messages finish (Nest's shutdown hooks: consumers
 * and relays stop first, then the HTTP server and NATS drain, then the database pool), exit 0. A shutdown that
 * outlives the grace period exits 1 so the orchestrator knows.
 */
function stopOnSignal(close: () => Promise<void>, graceMs: number, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error(`shutdown took longer than ${graceMs} ms; exiting`);
      process.exit(1);
    }, graceMs);
    deadline.unref();
    close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** GET /metrics on a port of its own (Prometheus scrapes it; no Service port the edge routes points at it). */
async function serveMetrics(metrics: ServiceMetrics, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.scrape().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '0.0.0.0', resolve));
  return server;
}

/**
 * Applies the pending migrations of several apps, one after the other, each as the migrating user of its
 * `databaseUrl` (the single-node host, told to by `npm start`'s launcher). The first failure stops it, naming the
 * app.
 */
export async function migrateServices(
  apps: ReadonlyArray<{ definition: ServiceDefinition; databaseUrl: string }>,
  logger: Logger,
): Promise<void> {
  for (const { definition, databaseUrl } of apps) {
    try {
      await migrate(definition, databaseUrl, logger);
    } catch (error) {
      throw new Error(`migration failed (${definition.service}): ${(error as Error).message}`);
    }
  }
}

async function migrate(
  definition: Pick<ServiceDefinition, 'service' | 'schema' | 'migrations'>,
  databaseUrl: string,
  logger: Logger,
): Promise<void> {
  const dataSource = new DataSource(
    schemaDataSourceOptions({
      url: databaseUrl,
      schema: definition.schema,
      entities: [],
      migrations: definition.migrations,
      poolSize: 1,
      applicationName: `${definition.service}-migrate`,
    }),
  );
  await dataSource.initialize();
  try {
    const applied = await runMigrations(dataSource, definition.schema);
    logger.info({ schema: definition.schema, applied }, `migrations: ${applied.length} applied`);
  } finally {
    await dataSource.destroy();
  }
}
