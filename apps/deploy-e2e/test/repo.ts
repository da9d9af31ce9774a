import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../../..');

export const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The deployable apps and the schema each owns (the sandboxes are deployed only in sandbox setups). */
export const APPS: ReadonlyArray<{ name: string; schema: string; edge: boolean; sandbox?: boolean }> = [
  { name: 'api-gateway', schema: 'gateway', edge: true },
  { name: 'auth-server', schema: 'auth', edge: true },
  { name: 'storefront-proxy', schema: 'storefront', edge: true },
  { name: 'mcp-server', schema: 'mcp', edge: true },
  { name: 'sync-service', schema: 'sync', edge: false },
  { name: 'matching-service', schema: 'matching', edge: false },
  { name: 'events-service', schema: 'events', edge: false },
  { name: 'sandbox-retailer', schema: 'sandbox', edge: false, sandbox: true },
  { name: 'sandbox-loyalty', schema: 'sandbox_loyalty', edge: false, sandbox: true },
];
