import { join } from 'node:path';

export interface ServiceSpec {
  name: string;
  /** Default port (HTTP edge, or health/metrics only for NATS-only services); override with `<NAME>_PORT`. */
  port: number;
  /** Whether the service has a public HTTP surface (printed by npm start). */
  publicUrl: boolean;
}

export const SERVICES: readonly ServiceSpec[] = [
  // Plays the retailers sync-service signs in to; listed first so it stops last.
  { name: 'sandbox-retailer', port: 3020, publicUrl: true },
  { name: 'auth-server', port: 3001, publicUrl: true },
  { name: 'sync-service', port: 3010, publicUrl: false },
  { name: 'matching-service', port: 3011, publicUrl: false },
  { name: 'events-service', port: 3012, publicUrl: false },
  { name: 'storefront-proxy', port: 3002, publicUrl: true },
  { name: 'mcp-server', port: 3003, publicUrl: true },
  { name: 'api-gateway', port: 3000, publicUrl: true },
];

export const portVariable = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_PORT`;

export function entryPoint(root: string, service: string): string {
  return join(root, 'dist', 'apps', service, 'src', 'main.js');
}
