import { SERVICES } from './services.js';

/**
 * Processes per service for `npm start`: `--replicas N` (every scalable service) and/or
 * `CPS_REPLICAS=api-gateway=2,sync-service=3` (per service; wins over --replicas). Throws on a bad value.
 */
export function parseReplicas(argv: readonly string[], env: NodeJS.ProcessEnv): Record<string, number> {
  const replicas: Record<string, number> = {};
  const count = (value: string | undefined, what: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > 16)
      throw new Error(`${what} must be 1 to 16, not ${value}`);
    return parsed;
  };
  const flag = argv.findIndex((arg) => arg === '--replicas' || arg.startsWith('--replicas='));
  if (flag >= 0) {
    const value = argv[flag].includes('=') ? argv[flag].split('=')[1] : argv[flag + 1];
    const all = count(value, '--replicas');
    for (const spec of SERVICES) if (spec.scalable) replicas[spec.name] = all;
  }
  for (const entry of (env.CPS_REPLICAS ?? '').split(',').filter(Boolean)) {
    const [name, value] = entry.split('=').map((part) => part.trim());
    const spec = SERVICES.find((candidate) => candidate.name === name);
    if (!spec) throw new Error(`CPS_REPLICAS names an unknown service: ${name}`);
    if (!spec.scalable) throw new Error(`CPS_REPLICAS: ${name} runs as one process only`);
    replicas[name] = count(value, `CPS_REPLICAS ${name}`);
  }
  return replicas;
}
