import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AdminClient, NatsServerProcess, Platform, SERVICES, type PlatformLayout } from '@cps/tools';
import { freePort } from './free-port.js';
import { createTestDatabase, migratedTemplate } from './test-database.js';

/** The services a test gets unless it names others: the path of a purchase, and the retailer to link. */
export const DEFAULT_TEST_SERVICES = [
  'api-gateway',
  'auth-server',
  'sync-service',
  'matching-service',
  'events-service',
  'sandbox-retailer',
];

export interface TestPlatformOptions {
  /** Extra environment for every service. */
  env?: NodeJS.ProcessEnv;
  serviceEnv?: Partial<Record<string, NodeJS.ProcessEnv>>;
  /**
   * Run only these services, or `'all'` (the sandboxes, the storefront, MCP and the dashboard included). Default:
   * DEFAULT_TEST_SERVICES, the path of a purchase; each process costs seconds of a 2-core machine's start-up.
   */
  services?: string[] | 'all';
  /** Processes per scalable service, e.g. `{ 'api-gateway': 2 }` (each on a free port of its own). */
  replicas?: Partial<Record<string, number>>;
  /** Print service logs (TEST_LOGS=1 does it too). */
  logs?: boolean;
  /** How long every service has to become ready (default 90 s; starting them all on a busy machine takes longer). */
  readyTimeoutMs?: number;
  /** `one-process`: every service inside one Node process, as `npm start` runs them (default: a process each). */
  layout?: PlatformLayout;
  /**
   * An empty database that the platform migrates itself before it starts, as `npm start` does on its first run (in
   * the one-process layout the host applies the migrations). Default: a copy of the migrated template.
   */
  emptyDatabase?: boolean;
}

/**
 * Every service log line of a test run goes to `.data/test-logs/` (a file per process), where the log scan after
 * the integration suite (`tools/log-scan`) looks for secrets. Services log at `info` so requests are included.
 */
interface LogCapture {
  write(instance: string, line: string): void;
  /** The error-level lines so far (pino `"level":"error"`/`"fatal"`), each prefixed with its process. */
  errors(): string[];
  close(): Promise<void>;
}

const ERROR_LINE = /"level":"(?:error|fatal)"/;

function captureLogs(): LogCapture {
  const dir = resolve(import.meta.dirname, '../../../.data/test-logs');
  mkdirSync(dir, { recursive: true });
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const files = new Map<string, WriteStream>();
  const errors: string[] = [];
  return {
    errors: () => [...errors],
    write(instance, line) {
      if (ERROR_LINE.test(line)) errors.push(`${instance}: ${line}`);
      let file = files.get(instance);
      if (!file) files.set(instance, (file = createWriteStream(join(dir, `${run}-${instance}.log`), { flags: 'a' })));
      file.write(`${line}\n`);
    },
    async close() {
      await Promise.all([...files.values()].map((file) => new Promise((done) => file.end(done))));
    },
  };
}

export interface TestTeam {
  teamId: string;
  apiKey: string;
  keyId: string;
}

/**
 * The whole platform for one test file: a database of its own on the machine's Postgres, a private
 * nats-server (real, with JetStream, on a free port, so runs never share subjects and a test may
 * stop it), and the built services as child processes on free ports (or all inside one, `layout: 'one-process'`). The harness migrates as the
 * superuser (`databaseUrl`); each service connects as its schema's role (`cps_<schema>`).
 */
export class TestPlatform {
  private constructor(
    readonly platform: Platform,
    readonly nats: NatsServerProcess,
    readonly admin: AdminClient,
    readonly databaseUrl: string,
    private readonly dropDatabase: () => Promise<void>,
    private readonly natsDir: string,
    private readonly logs: LogCapture,
  ) {}

  static async start(options: TestPlatformOptions = {}): Promise<TestPlatform> {
    const root = resolve(import.meta.dirname, '../../..');
    const database = await createTestDatabase(
      options.emptyDatabase ? {} : { template: await migratedTemplate(root, { NODE_ENV: 'test', LOG_LEVEL: 'warn' }) },
    );
    const natsDir = mkdtempSync(join(tmpdir(), 'cps-nats-'));
    const nats = new NatsServerProcess(await freePort(), natsDir);
    await nats.start();
    const ports: Record<string, number[]> = {};
    for (const spec of SERVICES) {
      ports[spec.name] = [];
      const count = spec.scalable ? (options.replicas?.[spec.name] ?? 1) : 1;
      for (let index = 0; index < count; index += 1) ports[spec.name].push(await freePort());
    }
    const wanted = options.services === 'all' ? [] : (options.services ?? DEFAULT_TEST_SERVICES);
    const showLogs = options.logs ?? process.env.TEST_LOGS === '1';
    const capture = captureLogs();
    const platform = new Platform({
      root,
      ports,
      services: options.services === 'all' ? SERVICES : SERVICES.filter((spec) => wanted.includes(spec.name)),
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        NATS_URL: nats.url,
        DATABASE_POOL_SIZE: '5',
        PUBLIC_BASE_URL: `http://127.0.0.1:${ports['api-gateway'][0]}`,
        AUTH_ISSUER: `http://127.0.0.1:${ports['auth-server'][0]}`,
        MCP_PUBLIC_URL: `http://127.0.0.1:${ports['mcp-server'][0]}/mcp`,
        SANDBOX_RETAILER_URL: `http://127.0.0.1:${ports['sandbox-retailer'][0]}`,
        DASHBOARD_URL: `http://127.0.0.1:${ports['dashboard'][0]}`,
        STOREFRONT_PROXY_URL: `http://127.0.0.1:${ports['storefront-proxy'][0]}`,
        SANDBOX_PUSH_URL: `http://127.0.0.1:${ports['api-gateway'][0]}/retailer-notifications`,
        ...options.env,
      },
      serviceEnv: options.serviceEnv,
      replicas: options.replicas,
      layout: options.layout,
      onLog: (_service, line, instance) => {
        capture.write(instance, line);
        if (showLogs) process.stdout.write(`${instance}: ${line}\n`);
      },
    });
    // The database is a copy of the migrated template, where nothing is pending, unless it is to start empty. A start
    // that fails leaves nothing behind (the platform stops its processes), so the test run can end.
    try {
      if (options.emptyDatabase) await platform.migrate(options.readyTimeoutMs);
      await platform.start(options.readyTimeoutMs);
    } catch (error) {
      await platform.stop(); // a failed migration leaves the host running
      await nats.stop();
      await database.drop().catch(() => undefined);
      rmSync(natsDir, { recursive: true, force: true });
      await capture.close();
      throw error;
    }
    const admin = await AdminClient.connect(nats.url);
    return new TestPlatform(platform, nats, admin, database.url, database.drop, natsDir, capture);
  }

  /** `{mcp_url}`: the MCP endpoint of the first mcp-server. */
  get mcpUrl(): string {
    return `${this.platform.service('mcp-server').url}/mcp`;
  }

  get gatewayUrl(): string {
    return this.platform.service('api-gateway').url;
  }

  /** The brand dashboard (when started: `services` includes `dashboard`). */
  get dashboardUrl(): string {
    return this.platform.service('dashboard').url;
  }

  /** A new team with an API key. */
  async createTeam(name = 'Test Brand'): Promise<TestTeam> {
    const { team_id } = await this.admin.createTeam(name);
    const key = await this.admin.createApiKey(team_id, `${name} key`);
    return { teamId: team_id, apiKey: key.api_key, keyId: key.key_id };
  }

  /** Enables these retailers for the team (`PATCH /retailers/{id}`), failing unless each answers 200. */
  async enableRetailers(team: TestTeam, retailerIds: readonly string[]): Promise<void> {
    for (const retailerId of retailerIds) {
      const enabled = await this.api(`/retailers/${retailerId}`, {
        method: 'PATCH',
        apiKey: team.apiKey,
        body: { enabled: true },
      });
      if (enabled.status !== 200) throw new Error(`enabling ${retailerId}: ${enabled.status}`);
    }
  }

  /** fetch against the gateway with JSON in and out. */
  async api(
    path: string,
    init: { method?: string; apiKey?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.apiKey) headers['x-api-key'] = init.apiKey;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.gatewayUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON; keep the text
    }
    return { status: response.status, body, headers: response.headers };
  }

  /**
   * The error-level log lines of the services so far, for a failure message: a 500 under faults says little in the
   * test's output, the service's own line says why.
   */
  serviceErrors(): string[] {
    return this.logs.errors();
  }

  async stop(): Promise<void> {
    await this.admin.close().catch(() => undefined);
    await this.platform.stop();
    await this.nats.stop();
    await this.dropDatabase().catch(() => undefined);
    rmSync(this.natsDir, { recursive: true, force: true });
    await this.logs.close();
  }
}
