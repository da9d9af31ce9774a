import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@cps/testing';
import { containerEnv, type K8sObject, OVERLAYS, podLabelsOf, podSpecOf, render, selects } from './manifests.js';
import { ROOT } from './repo.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are read field by field */

/**
 * A first install of each overlay, played on this machine in the order Argo CD applies it (PreSync hooks, then the
 * sync waves in order; the kubectl recipe of docs/operations.md applies the same phases):
 * - the CloudNativePG Cluster becomes a private Postgres (TLS from a CA of the test) whose database, owner (LOGIN,
 *   no CREATEROLE, password from bootstrap.initdb.secret) and managed roles (spec.managed.roles: login, password
 *   secret, inRoles) are created the way CloudNativePG creates them;
 * - the NATS StatefulSet becomes private nats-servers (as many as its replicas) running the rendered nats.conf with
 *   the environment the manifest gives them (TLS, per-service users, the prod cluster's routes);
 * - every Job runs `node dist/apps/<app>/src/main.js <args>` (the image's entrypoint) with exactly the environment
 *   the manifest gives it, as the manifest's user, and must exit 0 before the next wave;
 * - every Deployment runs the same way and must answer 200 on its readiness probe's path, /metrics on its metrics
 *   port and 404 for /metrics on its app port.
 * Secret values come from k8s/generate-secrets.mjs, the documented generator.
 *
 * What one machine cannot give every pod: an address of its own. So PORT and METRICS_PORT get free ports, a
 * Service's name in a URL becomes 127.0.0.1 and the local port of what it selects (the test certificates name
 * 127.0.0.1, so `sslmode=verify-full` and NATS's TLS verification still happen), mounted secret files and volumes
 * live under a temporary directory, and the prod Pooler is not run (its Service leads to Postgres directly). Not
 * root, the test runs everything as itself instead of the manifests' users.
 */

const PG_BIN = ['17', '16', '15']
  .map((version) => `/usr/lib/postgresql/${version}/bin`)
  .find((dir) => existsSync(join(dir, 'initdb')));
const NATS_SERVER = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'].find(existsSync);
const AS_ROOT = process.getuid?.() === 0;
const id = (flag: string, user: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }));
/** initdb and postgres refuse to run as root. */
const POSTGRES_IDS = AS_ROOT ? { uid: id('-u', 'postgres'), gid: id('-g', 'postgres') } : {};
const READY_WITHIN_MS = 150_000;

/** Argo CD's order: PreSync hooks, then the Sync phase wave by wave (hooks with their wave), then PostSync. */
function installSteps(objects: K8sObject[]): K8sObject[][] {
  const phase = (o: K8sObject): number => {
    const hook = o.metadata.annotations?.['argocd.argoproj.io/hook'] as string | undefined;
    return hook === 'PreSync' ? 0 : hook === 'PostSync' ? 2 : 1;
  };
  const wave = (o: K8sObject) => Number(o.metadata.annotations?.['argocd.argoproj.io/sync-wave'] ?? 0);
  const steps = new Map<number, K8sObject[]>();
  for (const object of objects) {
    const key = phase(object) * 1_000 + wave(object);
    steps.set(key, [...(steps.get(key) ?? []), object]);
  }
  return [...steps.keys()].sort((a, b) => a - b).map((key) => steps.get(key)!);
}

/** A CA and a certificate for 127.0.0.1, standing in for cert-manager's and CloudNativePG's. */
function certificates(dir: string): { ca: string; cert: string; key: string } {
  mkdirSync(dir, { recursive: true });
  const [ca, caKey, cert, key, csr, ext] = ['ca.crt', 'ca.key', 'tls.crt', 'tls.key', 'tls.csr', 'ext'].map((f) =>
    join(dir, f),
  ) as [string, string, string, string, string, string];
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', ...ec, '-days', '1', '-subj', '/CN=test-ca', '-keyout', caKey, '-out', ca);
  openssl('req', ...ec, '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', csr);
  writeFileSync(ext, 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    ca,
    '-CAkey',
    caKey,
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    ext,
    '-out',
    cert,
  );
  for (const file of [ca, cert, key]) chmodSync(file, 0o644);
  return { ca, cert, key };
}

interface Process {
  name: string;
  child: ChildProcess;
  output: string[];
  exit: Promise<number | null>;
}

function start(name: string, command: string, args: string[], options: Parameters<typeof spawn>[2]): Process {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 30));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exit = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      output.push(error.message);
      resolve(-1);
    });
  });
  return { name, child, output, exit };
}

async function stop(process: Process): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill('SIGTERM');
  const timer = setTimeout(() => process.child.kill('SIGKILL'), 15_000);
  await process.exit;
  clearTimeout(timer);
}

/** The status `url` answers with; 0 when it gives none, after a few tries (eleven processes start at once here). */
async function answers(url: string, tries = 4): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return response.status;
    } catch {
      if (attempt === tries) return 0;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** Waits for `url` to answer `status` while `process` runs. */
async function waitFor(url: string, process: Process, status = 200): Promise<string | undefined> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let last = 0;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) return `exited with ${process.child.exitCode}`;
    last = await answers(url);
    if (last === status) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return `${url} answered ${last} for ${READY_WITHIN_MS / 1000} s`;
}

class FirstInstall {
  readonly problems: string[] = [];
  readonly ran: string[] = [];
  private readonly processes: Process[] = [];
  private readonly secrets = new Map<string, Record<string, string>>();
  /** `<service>:<port>` -> `127.0.0.1:<local port>` */
  private readonly addresses = new Map<string, number>();
  private readonly appPorts = new Map<string, { http: number; metrics: number }>();
  private readonly natsPorts: Array<{ client: number; http: number; cluster: number }> = [];
  private postgresPort = 0;
  private readonly tls: ReturnType<typeof certificates>;
  private postgres?: Process;

  constructor(
    private readonly objects: K8sObject[],
    private readonly dir: string,
    generator: string,
  ) {
    const namespace = objects.find((o) => o.kind === 'Namespace')!.metadata.name;
    const list = JSON.parse(execFileSync(process.execPath, [generator, namespace], { encoding: 'utf8' })) as {
      items: Array<{ metadata: { name: string }; stringData: Record<string, string> }>;
    };
    for (const secret of list.items) this.secrets.set(secret.metadata.name, secret.stringData);
    this.tls = certificates(join(dir, 'tls'));
    // What operators create: CloudNativePG's cluster CA, cert-manager's nats-tls.
    this.secrets.set('cps-db-ca', { 'ca.crt': this.tls.ca });
    this.secrets.set('nats-tls', { 'ca.crt': this.tls.ca, 'tls.crt': this.tls.cert, 'tls.key': this.tls.key });
  }

  private secret = (name: string, key: string): string | undefined => this.secrets.get(name)?.[key];

  private of(kind: string): K8sObject[] {
    return this.objects.filter((o) => o.kind === kind);
  }

  /** Ports for everything, and where each Service name leads, before anything starts. */
  async plan(): Promise<void> {
    this.postgresPort = await freePort();
    for (const cluster of this.of('Cluster')) this.addresses.set(`${cluster.metadata.name}-rw:5432`, this.postgresPort);
    for (const pooler of this.of('Pooler')) this.addresses.set(`${pooler.metadata.name}:5432`, this.postgresPort);
    for (const nats of this.of('StatefulSet'))
      for (let i = 0; i < nats.spec.replicas; i += 1)
        this.natsPorts.push({ client: await freePort(), http: await freePort(), cluster: await freePort() });
    for (const deployment of this.of('Deployment'))
      this.appPorts.set(deployment.metadata.name, { http: await freePort(), metrics: await freePort() });
    for (const service of this.of('Service')) {
      const workload = this.objects.find(
        (o) =>
          (o.kind === 'Deployment' || o.kind === 'StatefulSet') &&
          selects({ matchLabels: service.spec.selector }, podLabelsOf(o)),
      );
      if (!workload) continue;
      for (const port of service.spec.ports) {
        const local =
          workload.kind === 'StatefulSet'
            ? { client: this.natsPorts[0]?.client }[port.name as 'client']
            : port.targetPort === 'metrics'
              ? this.appPorts.get(workload.metadata.name)!.metrics
              : this.appPorts.get(workload.metadata.name)!.http;
        if (local) this.addresses.set(`${service.metadata.name}:${port.port}`, local);
      }
    }
  }

  /** The environment and arguments a container gets, with Service addresses and mount paths made local. */
  private localize(pod: any, container: any, where: string) {
    const mounts: Array<[string, string]> = [];
    for (const mount of container.volumeMounts ?? []) {
      // a volume of the pod, or (undefined) a PersistentVolumeClaim of the StatefulSet's templates
      const volume = pod.volumes.find((v: any) => v.name === mount.name);
      const local = join(this.dir, 'volumes', where, mount.name);
      mkdirSync(local, { recursive: true });
      if (volume?.secret) {
        for (const item of volume.secret.items ?? [])
          copyFileSync(this.secret(volume.secret.secretName, item.key)!, join(local, item.path));
        if (!volume.secret.items)
          for (const [key, file] of Object.entries(this.secrets.get(volume.secret.secretName) ?? {}))
            copyFileSync(file, join(local, key));
      }
      if (mount.mountPath === '/tmp') continue; // an emptyDir over /tmp: the machine's /tmp serves
      mounts.push([mount.mountPath, local]);
    }
    if (AS_ROOT) chownSync(join(this.dir, 'volumes', where), pod.securityContext?.runAsUser ?? 0, 0);
    mounts.sort(([a], [b]) => b.length - a.length);
    const rewrite = (value: string) => {
      let out = value.replace(
        /\b([a-z][a-z0-9+.-]*):\/\/([^/\s,@]+@)?([A-Za-z0-9.-]+)(:\d+)?/g,
        (all, scheme: string, user = '', host: string, port?: string) => {
          const defaultPort = { http: 80, https: 443, nats: 4222, tls: 4222, postgres: 5432, postgresql: 5432 }[scheme];
          const local = this.addresses.get(`${host.split('.')[0]}:${port ? port.slice(1) : defaultPort}`);
          return local ? `${scheme}://${user}127.0.0.1:${local}` : all;
        },
      );
      for (const [path, local] of mounts) out = out.split(path).join(local);
      return out;
    };
    const env = Object.fromEntries(
      Object.entries(containerEnv(this.objects, container, this.secret)).map(([k, v]) => [k, rewrite(v)]),
    );
    return {
      env,
      args: [...(container.command ?? []), ...(container.args ?? [])].map(rewrite),
      rewrite,
      ids: AS_ROOT
        ? {
            uid: container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser,
            gid: pod.securityContext?.runAsGroup,
          }
        : {},
    };
  }

  private async startPostgres(cluster: K8sObject): Promise<void> {
    if (!PG_BIN) throw new Error('no Postgres server binaries under /usr/lib/postgresql');
    const base = join(this.dir, 'postgres');
    const data = join(base, 'data');
    mkdirSync(base, { recursive: true });
    if (AS_ROOT) chownSync(base, POSTGRES_IDS.uid!, POSTGRES_IDS.gid!);
    execFileSync(join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'], {
      stdio: 'pipe',
      ...POSTGRES_IDS,
    });
    for (const [from, to] of [
      [this.tls.cert, 'server.crt'],
      [this.tls.key, 'server.key'],
    ] as const) {
      copyFileSync(from, join(data, to));
      chmodSync(join(data, to), 0o600);
      if (AS_ROOT) chownSync(join(data, to), POSTGRES_IDS.uid!, POSTGRES_IDS.gid!);
    }
    const parameters = { shared_buffers: '32MB', ...cluster.spec.postgresql?.parameters };
    writeFileSync(
      join(data, 'postgresql.auto.conf'),
      [
        `port = ${this.postgresPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${base}'`,
        `ssl = on`,
        `fsync = off`,
        `max_connections = ${parameters.max_connections ?? 100}`,
        `shared_buffers = '32MB'`,
      ].join('\n') + '\n',
    );
    // CloudNativePG's rule for applications: TLS and a password (SCRAM).
    writeFileSync(join(data, 'pg_hba.conf'), 'local all postgres trust\nhostssl all all 127.0.0.1/32 scram-sha-256\n');
    this.postgres = start('postgres', join(PG_BIN, 'postgres'), ['-D', data], POSTGRES_IDS);
    const admin = async (database: string, statements: string[]) => {
      const client = new pg.Client({ host: base, port: this.postgresPort, user: 'postgres', database });
      await client.connect();
      try {
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.end();
      }
    };
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await admin('postgres', ['SELECT 1']);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
    const { database, owner, secret } = cluster.spec.bootstrap.initdb;
    // Without bootstrap.initdb.secret CloudNativePG makes up the owner's password (secret <cluster>-app).
    const ownerPassword = secret ? this.secret(secret.name, 'password')! : Math.random().toString(36);
    const statements = [
      `CREATE ROLE ${ident(owner)} LOGIN PASSWORD ${literal(ownerPassword)}`,
      `CREATE DATABASE ${ident(database)} OWNER ${ident(owner)}`,
    ];
    for (const role of cluster.spec.managed?.roles ?? []) {
      const password = role.passwordSecret ? this.secret(role.passwordSecret.name, 'password') : undefined;
      if (role.passwordSecret && this.secret(role.passwordSecret.name, 'username') !== role.name)
        this.problems.push(`managed role ${role.name}: secret ${role.passwordSecret.name} names another user`);
      statements.push(
        `CREATE ROLE ${ident(role.name)} ${role.login ? 'LOGIN' : 'NOLOGIN'}` +
          (role.createrole ? ' CREATEROLE' : '') +
          (password ? ` PASSWORD ${literal(password)}` : ''),
      );
    }
    for (const role of cluster.spec.managed?.roles ?? [])
      for (const member of role.inRoles ?? []) statements.push(`GRANT ${ident(member)} TO ${ident(role.name)}`);
    await admin('postgres', statements);
    this.ran.push(`Cluster/${cluster.metadata.name}`);
  }

  private async startNats(statefulSet: K8sObject): Promise<void> {
    if (!NATS_SERVER) throw new Error('nats-server is not installed');
    const pod = podSpecOf(statefulSet);
    const container = pod.containers[0];
    const servers: Array<{ process: Process; ready: Promise<string | undefined> }> = [];
    for (const [index, ports] of this.natsPorts.entries()) {
      const where = `nats-${index}`;
      // The config volume (projected ConfigMaps) is written where localize() maps /etc/nats.
      const configDir = join(this.dir, 'volumes', where, 'config');
      mkdirSync(configDir, { recursive: true });
      for (const volume of pod.volumes) {
        const sources = volume.projected?.sources ?? (volume.configMap ? [{ configMap: volume.configMap }] : []);
        for (const source of sources) {
          const configMap = this.objects.find(
            (o) => o.kind === 'ConfigMap' && o.metadata.name === source.configMap.name,
          );
          for (const [file, content] of Object.entries(configMap!.data as Record<string, string>))
            writeFileSync(join(configDir, file), content);
        }
      }
      const { env, args, rewrite } = this.localize(pod, container, where);
      const configFile = join(configDir, 'nats.conf');
      // Each server its own ports; the routes to nats-<n>.nats-headless lead to server n's cluster port.
      const conf = rewrite(readFileSync(configFile, 'utf8'))
        .replace(/^port:\s*\d+/m, `port: ${ports.client}`)
        .replace(/^http_port:\s*\d+/m, `http_port: ${ports.http}`)
        .replace(/(cluster\s*\{[^}]*?\n\s*)port:\s*\d+/, `$1port: ${ports.cluster}`)
        .replace(
          /nats:\/\/nats-(\d+)\.nats-headless:\d+/g,
          (_all, n: string) => `nats://127.0.0.1:${this.natsPorts[Number(n)]!.cluster}`,
        );
      writeFileSync(configFile, conf);
      const process = start(where, NATS_SERVER, args, { env: { ...env, POD_NAME: where } });
      this.processes.push(process);
      const probe = container.readinessProbe.httpGet.path as string;
      servers.push({ process, ready: waitFor(`http://127.0.0.1:${ports.http}${probe}`, process) });
    }
    for (const [index, server] of servers.entries()) {
      const failure = await server.ready;
      if (failure) this.problems.push(`StatefulSet/nats pod ${index}: ${failure}\n${server.process.output.join('\n')}`);
    }
    this.ran.push(`StatefulSet/${statefulSet.metadata.name}`);
  }

  /** The image's entrypoint (`node dist/main.js`, dist/main.js -> dist/apps/<app>/src/main.js) and the container's. */
  private startContainer(object: K8sObject, extraEnv: Record<string, string> = {}): Process {
    const pod = podSpecOf(object);
    const container = pod.containers[0];
    const app = /\/([a-z-]+):[^/]+$/.exec(container.image)![1]!;
    const { env, args, ids } = this.localize(pod, container, object.metadata.name);
    const entry = join(ROOT, 'dist/apps', app, 'src/main.js');
    const process = start(`${object.kind}/${object.metadata.name}`, globalThis.process.execPath, [entry, ...args], {
      cwd: ROOT,
      env: { ...env, ...extraEnv, PATH: globalThis.process.env.PATH },
      ...ids,
    });
    this.processes.push(process);
    return process;
  }

  private async runJobs(jobs: K8sObject[]): Promise<void> {
    const runs = jobs.map((job) => this.startContainer(job));
    for (const [index, run] of runs.entries()) {
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        run.exit,
        new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still running'), READY_WITHIN_MS))),
      ]);
      clearTimeout(timer);
      if (code === 0) this.ran.push(`Job/${jobs[index]!.metadata.name}`);
      else this.problems.push(`Job/${jobs[index]!.metadata.name}: exit ${code}\n${run.output.join('\n')}`);
    }
  }

  private async startDeployments(deployments: K8sObject[]): Promise<void> {
    const checks = deployments.map(async (deployment) => {
      const ports = this.appPorts.get(deployment.metadata.name)!;
      // One network namespace for every pod: the app and metrics ports are the only variables changed.
      const process = this.startContainer(deployment, {
        PORT: String(ports.http),
        METRICS_PORT: String(ports.metrics),
      });
      const container = podSpecOf(deployment).containers[0];
      const failure = await waitFor(`http://127.0.0.1:${ports.http}${container.readinessProbe.httpGet.path}`, process);
      if (failure) return `Deployment/${deployment.metadata.name}: ${failure}\n${process.output.join('\n')}`;
      const metrics = await answers(`http://127.0.0.1:${ports.metrics}/metrics`);
      const edgeMetrics = await answers(`http://127.0.0.1:${ports.http}/metrics`);
      if (metrics !== 200 || edgeMetrics !== 404)
        return `Deployment/${deployment.metadata.name}: /metrics ${metrics} on the metrics port, ${edgeMetrics} on the app port`;
      this.ran.push(`Deployment/${deployment.metadata.name}`);
      return undefined;
    });
    for (const failure of await Promise.all(checks)) if (failure) this.problems.push(failure);
  }

  /** Applies the steps in order; like Argo CD, stops at the first step that does not become healthy. */
  async apply(): Promise<void> {
    for (const step of installSteps(this.objects)) {
      for (const cluster of step.filter((o) => o.kind === 'Cluster')) await this.startPostgres(cluster);
      for (const nats of step.filter((o) => o.kind === 'StatefulSet')) await this.startNats(nats);
      await this.runJobs(step.filter((o) => o.kind === 'Job'));
      await this.startDeployments(step.filter((o) => o.kind === 'Deployment'));
      if (this.problems.length > 0) return;
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map(stop));
    if (this.postgres) await stop(this.postgres);
  }
}

describe.each(OVERLAYS)('k8s/overlays/%s: a first install runs', (overlay) => {
  const k8sDir = process.env.K8S_DIR ?? join(ROOT, 'k8s');
  const objects = render(overlay, k8sDir);
  let dir: string;
  let install: FirstInstall | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `cps-first-install-${overlay}-`));
    if (AS_ROOT) chmodSync(dir, 0o755);
  });

  afterAll(async () => {
    await install?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every migration Job exits 0 and every Deployment becomes ready, in the order of a first install', async () => {
    // K8S_SECRETS_GENERATOR: the generator to use with an older k8s/ tree (K8S_DIR) that had none.
    const generator = process.env.K8S_SECRETS_GENERATOR ?? join(k8sDir, 'generate-secrets.mjs');
    install = new FirstInstall(objects, dir, generator);
    await install.plan();
    await install.apply();
    expect(install.problems).toEqual([]);
    const expected = objects
      .filter((o) => ['Job', 'Deployment', 'StatefulSet', 'Cluster'].includes(o.kind))
      .map((o) => `${o.kind}/${o.metadata.name}`)
      .sort();
    expect([...install.ran].sort()).toEqual(expected);
  }, 400_000);
});
