import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generatedName, K8S_APPS, type K8sObject, OVERLAYS, podSpecOf, render, renderDirectory } from './manifests.js';
import { ROOT } from './repo.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are checked field by field */
const STATELESS = K8S_APPS.filter((app) => !app.devOnly).map((app) => app.name);

/** CRDs without a model here, checked structurally by the tests below. */
const CRD_GROUPS = ['.cnpg.io', 'gateway.networking.k8s.io', 'cert-manager.io'];

/** The model class that validates an object against the Kubernetes OpenAPI schema of its kind (offline). */
type Model = new (data: any) => { validate(): void };

async function modelOf(object: K8sObject): Promise<Model | undefined> {
  if (object.apiVersion === 'monitoring.coreos.com/v1')
    return (await import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'))[
      object.kind as 'ServiceMonitor'
    ];
  if (CRD_GROUPS.some((group) => object.apiVersion.includes(group))) return undefined;
  const module = object.apiVersion === 'v1' ? 'kubernetes-models/v1' : `kubernetes-models/${object.apiVersion}`;
  return ((await import(module)) as Record<string, any>)[object.kind];
}

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = render(overlay);
  const of = (kind: string) => objects.filter((object) => object.kind === kind);
  const named = (kind: string, name: string) => of(kind).find((object) => object.metadata.name === name);
  const configMap = (name: string) => of('ConfigMap').find((object) => generatedName(object.metadata.name) === name);

  it('validates every object against the Kubernetes schemas (CRDs: CNPG, Gateway API, cert-manager structurally)', async () => {
    const problems: string[] = [];
    for (const object of objects) {
      const Model = await modelOf(object);
      if (!Model) {
        if (!CRD_GROUPS.some((group) => object.apiVersion.includes(group)))
          problems.push(`${object.kind}: no schema for ${object.apiVersion}`);
        continue;
      }
      try {
        new Model(object).validate();
      } catch (error) {
        problems.push(`${object.kind}/${object.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(objects.length).toBeGreaterThan(50);
  });

  it('every container: probes (long-running), limits, non-root, read-only root, no capabilities, pinned image', () => {
    const problems: string[] = [];
    for (const object of objects) {
      const pod = podSpecOf(object);
      if (!pod) continue;
      const where = `${object.kind}/${object.metadata.name}`;
      if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${where}: pod runAsNonRoot`);
      if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: pod seccomp`);
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const at = `${where}/${container.name}`;
        if (object.kind !== 'Job' && (!container.livenessProbe || !container.readinessProbe))
          problems.push(`${at}: probes`);
        if (!container.resources?.limits?.cpu || !container.resources?.limits?.memory) problems.push(`${at}: limits`);
        if (!container.resources?.requests?.cpu || !container.resources?.requests?.memory)
          problems.push(`${at}: requests`);
        const security = container.securityContext ?? {};
        if (security.runAsNonRoot !== true) problems.push(`${at}: runAsNonRoot`);
        if (security.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem`);
        if (security.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation`);
        if (JSON.stringify(security.capabilities?.drop) !== '["ALL"]') problems.push(`${at}: capabilities`);
        if (security.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${at}: seccomp`);
        if (!/^[^:@\s]+(:[\w.-]+|@sha256:[a-f0-9]{64})$/.test(container.image) || /:latest$/.test(container.image))
          problems.push(`${at}: image ${container.image} is not pinned`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('commits no secret values: no Secret objects, only secretKeyRef / secret volumes', () => {
    for (const secret of of('Secret')) {
      expect(secret.data ?? {}).toEqual({});
      expect(secret.stringData ?? {}).toEqual({});
    }
    for (const object of objects) {
      for (const container of podSpecOf(object)?.containers ?? []) {
        for (const variable of container.env ?? []) {
          if (/KEY|SECRET|PASSWORD|TOKEN/.test(variable.name)) expect(variable.valueFrom?.secretKeyRef).toBeDefined();
        }
      }
    }
  });

  it.each(STATELESS)('%s: Deployment, Service, ConfigMap, HPA, PDB, ServiceMonitor and migration Job', (name) => {
    const deployment = named('Deployment', name)!;
    expect(deployment).toBeDefined();
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0];
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(10 + 5); // SHUTDOWN_GRACE_MS + preStop sleep
    expect(container.lifecycle.preStop.exec.command).toEqual(['sleep', '5']);
    expect(pod.topologySpreadConstraints.length).toBeGreaterThan(0);
    const schema = K8S_APPS.find((app) => app.name === name)!.schema;
    const databaseUser = container.env.find((e: any) => e.name === 'DATABASE_USER');
    expect(databaseUser.valueFrom.secretKeyRef.name).toBe(`cps-db-${schema}`);
    expect(named('Service', name)?.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(configMap(name)).toBeDefined();
    // configMapGenerator: the name carries a hash of the content, so a change rolls the pods
    expect(container.envFrom.map((from: any) => from.configMapRef.name)).toEqual([
      configMap('cps-common')!.metadata.name,
      configMap(name)!.metadata.name,
    ]);
    expect(named('HorizontalPodAutoscaler', name)?.spec.scaleTargetRef.name).toBe(name);
    expect(named('PodDisruptionBudget', name)?.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(named('ServiceMonitor', name)?.spec.endpoints[0]).toMatchObject({ port: 'metrics', path: '/metrics' });
    expect(named('Service', name)?.spec.ports.map((port: any) => port.name)).toEqual(['http', 'metrics']);
    expect(container.ports.find((port: any) => port.name === 'metrics').containerPort).toBe(
      Number(configMap('cps-common')!.data.METRICS_PORT),
    );
    const job = named('Job', `${name}-migrate`)!;
    expect(job.spec.template.spec.containers[0].args).toEqual(['migrate']);
    expect(job.spec.template.spec.containers[0].image).toBe(container.image);
    // A Sync hook after Postgres and NATS (wave -2), before the Deployments (wave 0): a PreSync hook would run
    // before the Namespace, ConfigMaps and the database exist on a first install.
    expect(job.metadata.annotations).toMatchObject({
      'argocd.argoproj.io/hook': 'Sync',
      'argocd.argoproj.io/sync-wave': '-1',
    });
  });

  it('lets only the edge apps in from the edge controller namespace; others talk to NATS and Postgres', () => {
    const policies = of('NetworkPolicy');
    const fromEdge = policies.filter((policy) =>
      JSON.stringify(policy.spec.ingress ?? []).includes('"cps.example.com/edge-controller":"true"'),
    );
    expect(fromEdge).toHaveLength(1);
    expect(fromEdge[0].spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/component': 'edge' });
    const edge = of('Deployment')
      .filter((d) => d.spec.template.metadata.labels['app.kubernetes.io/component'] === 'edge')
      .map((d) => d.metadata.name)
      .sort();
    expect(edge).toEqual(
      ['api-gateway', 'auth-server', 'dashboard', 'mcp-server', 'storefront-proxy']
        .concat(overlay === 'dev' ? ['sandbox-storefront'] : [])
        .sort(),
    );
    const deny = policies.find((policy) => policy.metadata.name === 'apps-default-deny')!;
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const routed = of('HTTPRoute')
      .flatMap((route) => route.spec.rules.flatMap((rule: any) => rule.backendRefs ?? []))
      .map((ref: any) => ref.name)
      .sort();
    expect(routed).toEqual(edge);
  });

  it('Gateway API edge: HTTPS routes to the http Service port only, hosts = configured URLs, TLS by cert-manager', () => {
    const common = configMap('cps-common')!.data;
    const host = (url: string) => new URL(url).hostname;
    const expected: Record<string, string> = {
      'api-gateway': host(common.PUBLIC_BASE_URL),
      'auth-server': host(common.AUTH_ISSUER),
      'mcp-server': host(common.MCP_PUBLIC_URL),
      'storefront-proxy': host(configMap('storefront-proxy')!.data.STOREFRONT_PUBLIC_URL),
      dashboard: host(configMap('dashboard')!.data.DASHBOARD_URL),
    };
    const [gateway] = of('Gateway');
    expect(gateway.spec.listeners.find((l: any) => l.protocol === 'HTTPS').tls.certificateRefs[0].name).toBe('cps-tls');
    const certificate = named('Certificate', 'cps-tls')!;
    for (const route of of('HTTPRoute').filter((r) => r.spec.hostnames)) {
      const backend = route.spec.rules[0].backendRefs[0];
      const service = named('Service', backend.name)!;
      expect(service.spec.ports.find((port: any) => port.port === backend.port).name).toBe('http');
      expect(route.spec.parentRefs).toEqual([{ name: gateway.metadata.name, sectionName: 'https' }]);
      if (expected[backend.name]) expect(route.spec.hostnames).toEqual([expected[backend.name]]);
      expect(certificate.spec.dnsNames).toEqual(expect.arrayContaining(route.spec.hostnames));
    }
    if (overlay === 'dev') for (const name of Object.values(expected)) expect(name).toMatch(/\.dev\.example\.com$/);
    expect(of('Ingress')).toEqual([]);
    for (const object of objects)
      expect(Object.keys(object.metadata.annotations ?? {}).filter((key) => key.includes('snippet'))).toEqual([]);
  });

  it('components/ingress: an Ingress without snippets instead of the Gateway, same hosts and certificate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cps-ingress-'));
    try {
      // kustomize takes only relative paths
      const at = (path: string) => relative(dir, join(ROOT, 'k8s', path));
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        `resources: [${at(`overlays/${overlay}`)}]\ncomponents: [${at('components/ingress')}, ${at('components/public-hosts')}]\n`,
      );
      const withIngress = renderDirectory(dir);
      expect(withIngress.filter((o) => o.apiVersion.startsWith('gateway.networking.k8s.io'))).toEqual([]);
      const [ingress] = withIngress.filter((o) => o.kind === 'Ingress');
      expect(Object.keys(ingress!.metadata.annotations ?? {})).toEqual([]);
      const hosts = Object.fromEntries(
        ingress!.spec.rules.map((rule: any) => [rule.http.paths[0].backend.service.name, rule.host]),
      );
      for (const route of of('HTTPRoute').filter((r) => r.spec.hostnames && hosts[r.spec.rules[0].backendRefs[0].name]))
        expect(hosts[route.spec.rules[0].backendRefs[0].name]).toBe(route.spec.hostnames[0]);
      for (const rule of ingress!.spec.rules) expect(rule.http.paths[0].backend.service.port.name).toBe('http');
      expect(ingress!.spec.tls[0]).toEqual({ hosts: Object.values(hosts), secretName: 'cps-tls' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('brings a CloudNativePG cluster (Barman Cloud plugin, prod Pooler) and NATS with TLS and per-service users', () => {
    const cluster = of('Cluster').find((c) => c.apiVersion === 'postgresql.cnpg.io/v1')!;
    expect(cluster.spec.instances).toBe(overlay === 'prod' ? 3 : 1);
    expect(cluster.spec.storage.size).toMatch(/Gi$/);
    expect(cluster.spec.bootstrap.initdb).toMatchObject({ owner: 'cps', secret: { name: 'cps-db-owner' } });
    const roles = K8S_APPS.filter((app) => overlay === 'dev' || !app.devOnly).map((app) => `cps_${app.schema}`);
    expect(cluster.spec.managed.roles.map((role: any) => role.name).sort()).toEqual([...roles, 'cps_mcp_query'].sort());
    // mcp-server's migration may neither create cps_mcp_query nor grant it (the owner has no CREATEROLE).
    const mcp = cluster.spec.managed.roles.find((role: any) => role.name === 'cps_mcp');
    expect(mcp.inRoles).toEqual(['cps_mcp_query']);
    expect(cluster.spec.backup?.barmanObjectStore).toBeUndefined();
    const nats = named('StatefulSet', 'nats')!;
    expect(nats.spec.replicas).toBe(overlay === 'prod' ? 3 : 1);
    const conf: string = configMap('nats-config')!.data['nats.conf'];
    expect(conf).toContain('jetstream');
    expect(conf).toMatch(/^tls \{/m);
    expect(conf).toContain('include users.conf');
    const users: string = configMap('nats-users')!.data['users.conf'];
    for (const app of K8S_APPS.filter((a) => a.nats)) expect(users).toContain(`user: "${app.name}"`);
    if (overlay === 'dev') {
      // no pooler: every pod's pool at the autoscalers' maxima fits under max_connections
      const pods = of('Deployment').reduce(
        (sum, d) => sum + (named('HorizontalPodAutoscaler', d.metadata.name)?.spec.maxReplicas ?? d.spec.replicas),
        0,
      );
      expect(
        pods * Number(configMap('cps-common')!.data.DATABASE_POOL_SIZE) + of('Job').length + 30,
      ).toBeLessThanOrEqual(Number(cluster.spec.postgresql.parameters.max_connections));
    }
    if (overlay === 'prod') {
      expect(conf).toContain('routes');
      expect(cluster.spec.plugins).toEqual([
        {
          name: 'barman-cloud.cloudnative-pg.io',
          isWALArchiver: true,
          parameters: { barmanObjectName: 'cps-backups' },
        },
      ]);
      expect(named('ObjectStore', 'cps-backups')!.spec.configuration.destinationPath).toMatch(/^s3:\/\//);
      expect(named('ScheduledBackup', 'cps-db-daily')!.spec.method).toBe('plugin');
      const pooler = named('Pooler', 'cps-db-pooler-rw')!;
      // session mode: the outbox relay's advisory lock spans statements (see the comment in postgres.yaml)
      expect(pooler.spec.pgbouncer.poolMode).toBe('session');
      const maxReplicas = of('HorizontalPodAutoscaler').reduce((sum, hpa) => sum + hpa.spec.maxReplicas, 0);
      const poolSize = Number(configMap('cps-common')!.data.DATABASE_POOL_SIZE);
      expect(maxReplicas * poolSize).toBeLessThanOrEqual(Number(pooler.spec.pgbouncer.parameters.max_client_conn));
      const serverConnections = pooler.spec.instances * Number(pooler.spec.pgbouncer.parameters.max_db_connections);
      // the budget: pooler connections + one per migration Job + 30 for CNPG, replication and superuser slots
      expect(serverConnections + of('Job').length + 30).toBeLessThanOrEqual(
        Number(cluster.spec.postgresql.parameters.max_connections),
      );
      expect(configMap('cps-common')!.data).toMatchObject({
        EVENTS_STREAM_REPLICAS: '3',
        DATABASE_HOST: pooler.metadata.name,
      });
      expect(cluster.spec.certificates.serverAltDNSNames).toContain(pooler.metadata.name);
    }
  });

  it('every Secret key the manifests read is made by k8s/generate-secrets.mjs or by an operator', () => {
    const made = JSON.parse(
      execFileSync(process.execPath, [join(ROOT, 'k8s/generate-secrets.mjs'), 'cps'], { encoding: 'utf8' }),
    ) as { items: Array<{ metadata: { name: string }; stringData: Record<string, string> }> };
    const keys = new Set(
      made.items.flatMap((secret) => Object.keys(secret.stringData).map((key) => `${secret.metadata.name}/${key}`)),
    );
    // CloudNativePG (cps-db-ca), cert-manager (nats-tls, cps-tls), the operator's object-store credentials
    const byOperators = /^(cps-db-ca|nats-tls|cps-tls|cps-internal-ca|cps-db-backup)\//;
    const missing = new Set<string>();
    const need = (name: string, key: string) => {
      if (!keys.has(`${name}/${key}`) && !byOperators.test(`${name}/`)) missing.add(`${name}/${key}`);
    };
    for (const object of objects) {
      const pod = podSpecOf(object);
      for (const container of pod?.containers ?? [])
        for (const variable of container.env ?? [])
          if (variable.valueFrom?.secretKeyRef)
            need(variable.valueFrom.secretKeyRef.name, variable.valueFrom.secretKeyRef.key);
      for (const volume of pod?.volumes ?? [])
        for (const item of volume.secret?.items ?? []) need(volume.secret.secretName, item.key);
    }
    for (const cluster of of('Cluster')) {
      for (const role of cluster.spec.managed.roles.filter((r: any) => r.passwordSecret))
        for (const key of ['username', 'password']) need(role.passwordSecret.name, key);
      need(cluster.spec.bootstrap.initdb.secret.name, 'password');
    }
    expect([...missing]).toEqual([]);
  });

  it('pins every app image through kustomize images:', () => {
    for (const deployment of of('Deployment'))
      expect(deployment.spec.template.spec.containers[0].image).toMatch(
        overlay === 'prod'
          ? /^registry\.example\.com\/cps\/[a-z-]+:\d+\.\d+\.\d+$/
          : /^registry\.example\.com\/cps\/[a-z-]+:\S+$/,
      );
  });
});
