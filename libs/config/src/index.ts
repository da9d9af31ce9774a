import { z } from 'zod';

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
  message: 'must be a postgres:// URL, e.g. postgres://postgres@127.0.0.1:5432/cps',
});

const natsUrls = z
  .string()
  .refine((value) => value.split(',').every((url) => /^(nats|tls):\/\/[^\s]+$/.test(url) && URL.canParse(url)), {
    message: 'must be one or more comma-separated nats:// URLs, e.g. nats://127.0.0.1:4222',
  });

const port = z.coerce.number().int().min(0).max(65535);

/** Variables every service reads. Each service extends this with its own. */
export const serviceEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: postgresUrl.default('postgres://postgres@127.0.0.1:5432/cps'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  NATS_URL: natsUrls.default('nats://127.0.0.1:4222'),
  NATS_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Name of the JetStream stream holding domain events. */
  EVENTS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('CPS_EVENTS'),
  /** Delays between redeliveries of a failing event (ms); one more delivery than delays, then dead letter. */
  EVENT_REDELIVERY_BACKOFF_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, { message: 'must be comma-separated milliseconds, e.g. 1000,5000,30000' })
    .default('1000,5000,15000,30000,60000,120000,300000')
    .transform((value) => value.split(',').map(Number)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

export function withPort(defaultPort: number) {
  return serviceEnvSchema.extend({ PORT: port.default(defaultPort) });
}

/** A 32-byte key, base64; a fixed development key is used outside production. */
export const encryptionKey = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes, base64-encoded',
});

export const DEVELOPMENT_ENCRYPTION_KEY = Buffer.alloc(32, 'cps-development-only-key').toString('base64');

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose one-line message names every bad variable. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const reasons = result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'} ${issue.message}`);
  throw new ConfigError(`invalid configuration: ${reasons.join('; ')}`);
}

/** Like parseConfig, but a bad environment stops the process with a one-line reason on stderr. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
}
