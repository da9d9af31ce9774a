import { BlockList, isIPv4 } from 'node:net';
import {
  containerEnv,
  type K8sObject,
  OVERLAYS,
  podLabelsOf,
  podSpecOf,
  render,
  selects,
  type LabelSelector,
} from './manifests.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- NetworkPolicy rules are read field by field */

/**
 * Every outbound connection an app pod makes, mapped to the NetworkPolicy rules that let it through: egress of the
 * calling pod and, for a pod of the namespace, ingress of the called one (everything is denied by default).
 * The destinations: every `*_URL` the rendered manifests give a container (minus the service's own public
 * addresses, which only browsers open), defaults the code applies when a URL is unset, DNS, and the internet
 * destinations the docs name (webhook receivers, retailers, the Shopify Admin API, connector metadata documents).
 */

/** `*_URL` variables that name the service's own public address (links it prints), never a host it calls. */
const OWN_ADDRESSES = new Set(['PUBLIC_BASE_URL', 'MCP_PUBLIC_URL', 'DASHBOARD_URL', 'STOREFRONT_PUBLIC_URL']);

/** URLs the code calls when their variable is unset (apps/<app>/src/config.ts). */
const DEFAULT_URLS: Record<string, Array<(env: Record<string, string>) => [string, string] | undefined>> = {
  'api-gateway': [(env) => (env.AUTH_JWKS_URL ? undefined : ['AUTH_JWKS_URL', `${env.AUTH_ISSUER}/jwks`])],
  'mcp-server': [(env) => (env.AUTH_JWKS_URL ? undefined : ['AUTH_JWKS_URL', `${env.AUTH_ISSUER}/jwks`])],
};

/** Internet destinations each app calls by design (docs/operations.md, "Network policies"). */
type When = (env: Record<string, string>, objects: K8sObject[]) => boolean;
const hasService =
  (name: string): When =>
  (_env, objects) =>
    objects.some((o) => o.kind === 'Service' && o.metadata.name === name);
const INTERNET: Record<string, Array<[string, string, When?]>> = {
  'auth-server': [["connectors' client metadata documents", 'https://connector.example.net/.well-known/client.json']],
  'storefront-proxy': [
    ['the Shopify Admin API', 'https://acme.myshopify.com/admin/api/2025-01/customers/1.json'],
    // dev: the sandbox shop is connected with its in-cluster Admin API address
    [
      'the sandbox shop Admin API',
      'http://sandbox-storefront/admin/api/2025-01/customers/1.json',
      hasService('sandbox-storefront'),
    ],
  ],
  'events-service': [
    ['webhook receivers (HTTPS)', 'https://hooks.example.net/cps'],
    // http:// receivers only where WEBHOOK_ALLOW_HTTP is on (off in production by default)
    [
      'webhook receivers (HTTP)',
      'http://hooks.example.net/cps',
      (env) => /^(true|1)$/.test(env.WEBHOOK_ALLOW_HTTP ?? ''),
    ],
    ['loyalty and marketing integrations', 'https://loyalty.example.net/api'],
  ],
  'sync-service': [['retailers', 'https://retailer.example.net/orders']],
};

/** A public address, and addresses no internet rule may reach (cluster ranges, cloud metadata). */
const PUBLIC_IP = '203.0.113.10';
const PRIVATE_IPS = ['10.96.0.1', '172.20.0.5', '192.168.1.10', '169.254.169.254', '100.64.0.1'];

/** Services CloudNativePG creates (not in the manifests): name -> the pods behind it. */
function cnpgService(objects: K8sObject[], host: string): Record<string, string> | undefined {
  const cluster = objects.find((o) => o.kind === 'Cluster' && host === `${o.metadata.name}-rw`);
  if (cluster) return { 'cnpg.io/cluster': cluster.metadata.name, 'cnpg.io/instanceRole': 'primary' };
  const pooler = objects.find((o) => o.kind === 'Pooler' && host === o.metadata.name);
  if (pooler) return { 'cnpg.io/poolerName': pooler.metadata.name };
  return undefined;
}

type Destination =
  | { what: string; kind: 'pod'; labels: Record<string, string>; port: number; protocol: string }
  | {
      what: string;
      kind: 'namespace';
      namespace: string;
      labels: Record<string, string>;
      port: number;
      protocol: string;
    }
  | { what: string; kind: 'internet'; ip: string; port: number; protocol: string };

function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return { 'https:': 443, 'http:': 80, 'postgres:': 5432, 'postgresql:': 5432, 'nats:': 4222, 'tls:': 4222 }[
    url.protocol
  ]!;
}

/** Where a URL's host leads: the pods of a Service of the namespace (its target port), or the internet. */
function resolve(objects: K8sObject[], what: string, url: URL): Destination {
  const host = url.hostname;
  const port = portOf(url);
  const inCluster = !host.includes('.') || /\.svc(\.cluster\.local)?$/.test(host);
  if (!inCluster) return { what, kind: 'internet', ip: PUBLIC_IP, port, protocol: 'TCP' };
  const name = host.split('.')[0]!;
  const cnpg = cnpgService(objects, name);
  if (cnpg) return { what, kind: 'pod', labels: cnpg, port: 5432, protocol: 'TCP' };
  const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === name);
  if (!service) throw new Error(`${what}: ${host} is no Service of the manifests`);
  const servicePort = service.spec.ports.find((p: any) => p.port === port);
  if (!servicePort) throw new Error(`${what}: Service ${name} has no port ${port}`);
  const workload = objects.find(
    (o) =>
      (o.kind === 'Deployment' || o.kind === 'StatefulSet') &&
      selects({ matchLabels: service.spec.selector }, podLabelsOf(o)),
  );
  if (!workload) throw new Error(`${what}: Service ${name} selects no pods`);
  const target = servicePort.targetPort ?? port;
  const containerPort =
    typeof target === 'number'
      ? target
      : podSpecOf(workload)
          .containers.flatMap((c: any) => c.ports ?? [])
          .find((p: any) => p.name === target)?.containerPort;
  return { what, kind: 'pod', labels: podLabelsOf(workload), port: containerPort, protocol: 'TCP' };
}

function portsAllow(ports: any[] | undefined, destination: Destination): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some(
    (p) =>
      (p.protocol ?? 'TCP') === destination.protocol &&
      (p.port === undefined ||
        (p.endPort ? destination.port >= p.port && destination.port <= p.endPort : p.port === destination.port)),
  );
}

function inBlock(block: { cidr: string; except?: string[] }, ip: string): boolean {
  const contains = (cidr: string) => {
    const [address, prefix] = cidr.split('/');
    const list = new BlockList();
    list.addSubnet(address!, Number(prefix), isIPv4(address!) ? 'ipv4' : 'ipv6');
    return list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
  };
  return contains(block.cidr) && !(block.except ?? []).some(contains);
}

/** Whether a peer of a rule (`to` or `from`) is the destination; `namespace` is the policy's own. */
function peerMatches(peer: any, destination: Destination, namespace: string): boolean {
  if (peer.ipBlock) return destination.kind === 'internet' && inBlock(peer.ipBlock, destination.ip);
  if (destination.kind === 'internet') return false;
  const destinationNamespace = destination.kind === 'namespace' ? destination.namespace : namespace;
  if (peer.namespaceSelector) {
    if (!selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': destinationNamespace })) return false;
  } else if (destinationNamespace !== namespace) return false;
  return selects(peer.podSelector as LabelSelector | undefined, destination.labels);
}

function policiesOf(objects: K8sObject[], type: 'Ingress' | 'Egress', labels: Record<string, string>): K8sObject[] {
  return objects.filter(
    (o) =>
      o.kind === 'NetworkPolicy' &&
      (o.spec.policyTypes ?? ['Ingress']).includes(type) &&
      selects(o.spec.podSelector, labels),
  );
}

/** The policy and rule that let `from` reach the destination, or undefined. */
function egressRule(objects: K8sObject[], namespace: string, from: Record<string, string>, to: Destination) {
  for (const policy of policiesOf(objects, 'Egress', from))
    for (const [index, rule] of (policy.spec.egress ?? []).entries())
      if (portsAllow(rule.ports, to) && (!rule.to || rule.to.some((peer: any) => peerMatches(peer, to, namespace))))
        return `${policy.metadata.name}[${index}]`;
  return undefined;
}

function ingressRule(objects: K8sObject[], namespace: string, from: Record<string, string>, to: Destination) {
  if (to.kind !== 'pod') return 'outside the namespace';
  const source: Destination = { what: 'caller', kind: 'pod', labels: from, port: 0, protocol: 'TCP' };
  const policies = policiesOf(objects, 'Ingress', to.labels);
  if (policies.length === 0) return 'not isolated (no policy selects the callee)';
  for (const policy of policies)
    for (const [index, rule] of (policy.spec.ingress ?? []).entries())
      if (
        portsAllow(rule.ports, to) &&
        (!rule.from || rule.from.some((peer: any) => peerMatches(peer, source, namespace)))
      )
        return `${policy.metadata.name}[${index}]`;
  return undefined;
}

/** Every destination of one pod template (Deployment or Job) of an app. */
function destinationsOf(objects: K8sObject[], workload: K8sObject): Destination[] {
  const app = podLabelsOf(workload)['app.kubernetes.io/name']!.replace(/-migrate$/, '');
  const destinations: Destination[] = ['UDP', 'TCP'].map((protocol) => ({
    what: `DNS (${protocol})`,
    kind: 'namespace',
    namespace: 'kube-system',
    labels: { 'k8s-app': 'kube-dns' },
    port: 53,
    protocol,
  }));
  for (const container of podSpecOf(workload).containers) {
    const env = containerEnv(objects, container, (secret, key) =>
      // The migrator's URL names the database's read-write service (docs/operations.md, k8s/generate-secrets.mjs).
      secret === 'cps-database-migrator' && key === 'url' ? 'postgres://cps:secret@cps-db-rw:5432/cps' : 'secret',
    );
    // `main.js migrate` (the Jobs) reads DATABASE_URL alone (libs/platform runService).
    const calls = (name: string) =>
      workload.kind === 'Job' ? name === 'DATABASE_URL' : name.endsWith('_URL') && !OWN_ADDRESSES.has(name);
    const urls = Object.entries(env).filter(([name]) => calls(name));
    for (const rule of workload.kind === 'Job' ? [] : (DEFAULT_URLS[app] ?? [])) {
      const defaulted = rule(env);
      if (defaulted) urls.push([`${defaulted[0]} (default)`, defaulted[1]]);
    }
    for (const [name, value] of urls)
      for (const url of value.split(',')) destinations.push(resolve(objects, `${name}=${url}`, new URL(url)));
    if (workload.kind === 'Deployment')
      for (const [what, url, when] of INTERNET[app] ?? [])
        if (!when || when(env, objects)) destinations.push(resolve(objects, what, new URL(url)));
  }
  return destinations;
}

describe.each(OVERLAYS)('k8s/overlays/%s: every outbound call is allowed by a NetworkPolicy', (overlay) => {
  const objects = render(overlay);
  const namespace = objects.find((o) => o.kind === 'Namespace')!.metadata.name;
  const workloads = objects.filter(
    (o) =>
      (o.kind === 'Deployment' || o.kind === 'Job') &&
      podLabelsOf(o)['app.kubernetes.io/part-of'] === 'connected-purchases',
  );

  it.each(workloads.map((w) => [`${w.kind}/${w.metadata.name}`, w] as const))('%s', (_name, workload) => {
    const from = podLabelsOf(workload);
    const map = destinationsOf(objects, workload).map((to) => ({
      to: to.what,
      port: `${to.port}/${to.protocol}`,
      egress: egressRule(objects, namespace, from, to) ?? 'DENIED',
      ingress: ingressRule(objects, namespace, from, to) ?? 'DENIED',
    }));
    expect(map.filter((row) => row.egress === 'DENIED' || row.ingress === 'DENIED')).toEqual([]);
    expect(map.length).toBeGreaterThan(2);
  });

  it('no internet rule reaches cluster ranges or the cloud metadata address', () => {
    const reached: string[] = [];
    for (const workload of workloads)
      for (const ip of PRIVATE_IPS)
        for (const port of [80, 443]) {
          const rule = egressRule(objects, namespace, podLabelsOf(workload), {
            what: ip,
            kind: 'internet',
            ip,
            port,
            protocol: 'TCP',
          });
          if (rule) reached.push(`${workload.metadata.name} -> ${ip}:${port} by ${rule}`);
        }
    expect(reached).toEqual([]);
  });
});
