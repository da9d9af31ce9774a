import { APPS } from './repo.js';
import { type K8sObject, OVERLAYS, podSpecOf, render } from './manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are checked field by field */
const STATELESS = APPS.filter((app) => !app.sandbox).map((app) => app.name);

/** The model class that validates an object against the Kubernetes OpenAPI schema of its kind (offline). */
type Model = new (data: any) => { validate(): void };

async function modelOf(object: K8sObject): Promise<Model | undefined> {
  if (object.apiVersion === 'monitoring.coreos.com/v1')
    return (await import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'))[
      object.kind as 'ServiceMonitor'
    ];
  if (object.apiVersion.includes('.cnpg.io')) return undefined;
  const module = object.apiVersion === 'v1' ? 'kubernetes-models/v1' : `kubernetes-models/${object.apiVersion}`;
  return ((await import(module)) as Record<string, any>)[object.kind];
}

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = render(overlay);
  const of = (kind: string) => objects.filter((object) => object.kind === kind);
  const named = (kind: string, name: string) => of(kind).find((object) => object.metadata.name === name);

  it('validates every object against the Kubernetes schemas (CRDs: CloudNativePG checked structurally)', async () => {
    const problems: string[] = [];
    for (const object of objects) {
      const Model = await modelOf(object);
      if (!Model) {
        if (!object.apiVersion.includes('.cnpg.io'))
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
    const schema = APPS.find((app) => app.name === name)!.schema;
    const databaseUser = container.env.find((e: any) => e.name === 'DATABASE_USER');
    expect(databaseUser.valueFrom.secretKeyRef.name).toBe(`cps-db-${schema}`);
    expect(named('Service', name)?.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(named('ConfigMap', name)).toBeDefined();
    expect(named('HorizontalPodAutoscaler', name)?.spec.scaleTargetRef.name).toBe(name);
    expect(named('PodDisruptionBudget', name)?.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(named('ServiceMonitor', name)?.spec.endpoints[0]).toMatchObject({ port: 'metrics', path: '/metrics' });
    expect(named('Service', name)?.spec.ports.map((port: any) => port.name)).toEqual(['http', 'metrics']);
    expect(container.ports.find((port: any) => port.name === 'metrics').containerPort).toBe(
      Number(named('ConfigMap', 'cps-common')!.data.METRICS_PORT),
    );
    const job = named('Job', `${name}-migrate`)!;
    expect(job.spec.template.spec.containers[0].args).toEqual(['migrate']);
    expect(job.spec.template.spec.containers[0].image).toBe(container.image);
    expect(job.metadata.annotations['argocd.argoproj.io/hook']).toBe('PreSync');
  });

  it('lets only the edge apps in from the edge controller namespace; others talk to NATS and Postgres', () => {
    const policies = of('NetworkPolicy');
    const fromIngress = policies.filter((policy) =>
      JSON.stringify(policy.spec.ingress ?? []).includes('"cps.example.com/edge-controller":"true"'),
    );
    expect(fromIngress).toHaveLength(1);
    expect(fromIngress[0].spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/component': 'edge' });
    const edge = of('Deployment')
      .filter((d) => d.spec.template.metadata.labels['app.kubernetes.io/component'] === 'edge')
      .map((d) => d.metadata.name)
      .sort();
    expect(edge).toEqual(['api-gateway', 'auth-server', 'mcp-server', 'storefront-proxy']);
    const deny = policies.find((policy) => policy.metadata.name === 'apps-default-deny')!;
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const egress = JSON.stringify(
      policies.find((p) => p.metadata.name === 'apps-egress-dns-nats-postgres')!.spec.egress,
    );
    expect(egress).toContain('4222');
    expect(egress).toContain('5432');
    expect(
      of('Ingress')[0]
        .spec.rules.map((rule: any) => rule.http.paths[0].backend.service.name)
        .sort(),
    ).toEqual(edge);
  });

  it('the edge routes only app ports: no nginx snippets, never the metrics port', () => {
    for (const ingress of of('Ingress')) {
      expect(Object.keys(ingress.metadata.annotations ?? {}).filter((key) => key.includes('snippet'))).toEqual([]);
      for (const rule of ingress.spec.rules)
        for (const path of rule.http.paths) expect(path.backend.service.port.name).toBe('http');
    }
  });

  it('brings a CloudNativePG cluster and a NATS JetStream StatefulSet', () => {
    const cluster = of('Cluster').find((c) => c.apiVersion === 'postgresql.cnpg.io/v1')!;
    expect(cluster.spec.instances).toBe(overlay === 'prod' ? 3 : 1);
    expect(cluster.spec.storage.size).toMatch(/Gi$/);
    expect(cluster.spec.managed.roles.map((role: any) => role.name).sort()).toEqual(
      [...APPS.filter((app) => !app.sandbox).map((app) => `cps_${app.schema}`), 'cps_mcp_query'].sort(),
    );
    // mcp-server's migration may neither create cps_mcp_query nor grant it (the owner has no CREATEROLE).
    const mcp = cluster.spec.managed.roles.find((role: any) => role.name === 'cps_mcp');
    expect(mcp.inRoles).toEqual(['cps_mcp_query']);
    const nats = named('StatefulSet', 'nats')!;
    expect(nats.spec.replicas).toBe(overlay === 'prod' ? 3 : 1);
    const conf: string = named('ConfigMap', 'nats-config')!.data['nats.conf'];
    expect(conf).toContain('jetstream');
    if (overlay === 'prod') {
      expect(conf).toContain('routes');
      expect(cluster.spec.backup.barmanObjectStore.destinationPath).toMatch(/^s3:\/\//);
      expect(named('ConfigMap', 'cps-common')!.data.EVENTS_STREAM_REPLICAS).toBe('3');
    }
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
