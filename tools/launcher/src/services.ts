import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface ServiceSpec {
  name: string;
  /** Default port (HTTP edge, or health/metrics only for NATS-only services); override with `<NAME>_PORT`. */
  port: number;
  /** The Postgres schema it owns; it connects as the role `cps_<schema>`, which may use only that schema. */
  schema: string;
  /** Stateless: any number of replicas may run side by side (`npm start -- --replicas 2`). */
  scalable: boolean;
  /** Whether the service has a public HTTP surface (printed by npm start). */
  publicUrl: boolean;
}

export const SERVICES: readonly ServiceSpec[] = [
  // Plays the retailers sync-service signs in to; listed first so it stops last.
  { name: 'sandbox-retailer', port: 3020, schema: 'sandbox', scalable: false, publicUrl: true },
  // Plays the storefront platform (customers, theme block, app proxy to storefront-proxy, Admin API).
  { name: 'sandbox-storefront', port: 3021, schema: 'sandbox_storefront', scalable: false, publicUrl: true },
  // Plays the loyalty and marketing platforms events-service sends awards to.
  { name: 'sandbox-loyalty', port: 3022, schema: 'sandbox_loyalty', scalable: false, publicUrl: true },
  { name: 'auth-server', port: 3001, schema: 'auth', scalable: true, publicUrl: true },
  { name: 'sync-service', port: 3010, schema: 'sync', scalable: true, publicUrl: false },
  { name: 'matching-service', port: 3011, schema: 'matching', scalable: true, publicUrl: false },
  { name: 'events-service', port: 3012, schema: 'events', scalable: true, publicUrl: false },
  { name: 'storefront-proxy', port: 3002, schema: 'storefront', scalable: true, publicUrl: true },
  { name: 'mcp-server', port: 3003, schema: 'mcp', scalable: true, publicUrl: true },
  { name: 'api-gateway', port: 3000, schema: 'gateway', scalable: true, publicUrl: true },
  // The brand dashboard (pages for people; sessions in its schema, everything else over NATS).
  { name: 'dashboard', port: 3004, schema: 'dashboard', scalable: true, publicUrl: true },
];

/**
 * The database role a service connects as, `cps_<schema>`, and `url` with that role as its user: the rule of
 * @cps/persistence's `schemaRole` and `schemaRoleUrl`, which the launcher does not import (they come with TypeORM,
 * which `npm start`'s launcher no longer loads: the single-node host migrates). platform.spec.ts checks they agree.
 */
export function databaseRole(spec: Pick<ServiceSpec, 'schema'>, url: string): { role: string; url: string } {
  const role = `cps_${spec.schema}`;
  const withRole = new URL(url);
  withRole.username = role;
  return { role, url: withRole.toString() };
}

export const portVariable = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_PORT`;

export function entryPoint(root: string, service: string): string {
  return join(root, 'dist', 'apps', service, 'src', 'main.js');
}

/** An app's service definition (`ServiceDefinition`), which the single-node host imports instead of its main.js. */
export function definitionModule(root: string, service: string): string {
  return join(root, 'dist', 'apps', service, 'src', 'service-definition.js');
}

/**
 * The single-node host's entry: the host bundle that `npm run build` makes (tools/host-bundle.mjs), or the compiled
 * modules (one-process.ts) when there is none or `CPS_HOST_BUNDLE=0` asks for them (a debugger, a stack trace
 * with the modules' own file names).
 */
export function hostEntryPoint(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const bundle = join(root, 'dist', 'host', 'platform.mjs');
  if (env.CPS_HOST_BUNDLE !== '0' && existsSync(bundle)) return bundle;
  return join(root, 'dist', 'tools', 'launcher', 'src', 'one-process.js');
}

/** The variable that tells the single-node host which apps to run, each with its own environment (JSON). */
export const HOSTED_APPS_VARIABLE = 'CPS_HOSTED_APPS';

export interface HostedAppEnv {
  service: string;
  env: NodeJS.ProcessEnv;
}
