import { IsIn, IsOptional, Matches } from 'class-validator';
import { DevelopmentSecret, EnvFlag, EnvInt, EnvValue, parseMillisecondsList } from './env-rules.js';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fail closed: only an explicit `development` or `test` turns the development defaults on. */
export function isProduction(nodeEnv: string | undefined): boolean {
  return nodeEnv !== 'development' && nodeEnv !== 'test';
}

function parsePostgresUrl(raw: string): string {
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(raw) || !URL.canParse(raw)) {
    throw new Error('must be a postgres:// URL, e.g. postgres://postgres@127.0.0.1:5432/cps');
  }
  return raw;
}

function parseNatsUrls(raw: string): string {
  if (!raw.split(',').every((url) => /^(nats|tls):\/\/[^\s]+$/.test(url) && URL.canParse(url))) {
    throw new Error('must be one or more comma-separated nats:// URLs, e.g. nats://127.0.0.1:4222');
  }
  return raw;
}

/** Variables every service reads. Each service extends this class with its own (`class GatewayEnv extends ServiceEnv`). */
export class ServiceEnv {
  /** Unset means production. */
  @IsIn([...NODE_ENVS])
  NODE_ENV: NodeEnv = 'production';

  @EnvValue(parsePostgresUrl)
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cps';

  @EnvInt({ min: 1, max: 200 })
  DATABASE_POOL_SIZE = 10;

  /** One or more comma-separated URLs. */
  @EnvValue(parseNatsUrls)
  NATS_URL = 'nats://127.0.0.1:4222';

  @EnvInt({ min: 100, max: 60_000 })
  NATS_REQUEST_TIMEOUT_MS = 5_000;

  /** Name of the JetStream stream holding domain events. */
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'must be letters, digits, _ or -' })
  EVENTS_STREAM = 'CPS_EVENTS';

  /** Delays between redeliveries of a failing event (ms); one more delivery than delays, then dead letter. */
  @EnvValue(parseMillisecondsList)
  EVENT_REDELIVERY_BACKOFF_MS = [1_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

  /** Days this service keeps handled-message ids, dead letters and (events-service) webhook events and deliveries. */
  @EnvInt({ min: 1, max: 3_650 })
  RETENTION_DAYS = 30;

  /** JetStream ack wait of this service's consumers: how soon a message whose consumer died is redelivered. */
  @EnvInt({ min: 1_000, max: 600_000 })
  EVENT_ACK_WAIT_MS = 5_000;

  /**
   * Check every request/reply answer against its contract before it leaves (a broken one is a 500 naming the
   * field). Default: every answer in test, where such bugs are caught; the first 100 of each subject and one in 100
   * after in development (`npm start` under load); none in production, where the check is a large share of
   * sync-service's time on a page of purchases (bench/read README) and the code is the tested code.
   */
  @IsOptional()
  @EnvFlag()
  RPC_CHECK_REPLIES?: boolean;

  @IsIn([...LOG_LEVELS])
  LOG_LEVEL: LogLevel = 'info';

  @EnvInt({ min: 0, max: 120_000 })
  SHUTDOWN_GRACE_MS = 10_000;
}

/** Anyone can read it here: seals data outside production only. */
export const DEVELOPMENT_ENCRYPTION_KEY = Buffer.alloc(32, 'cps-development-only-key').toString('base64');

function parseEncryptionKey(raw: string): string {
  if (Buffer.from(raw, 'base64').length !== 32) throw new Error('must be 32 bytes, base64-encoded');
  return raw;
}

/** A 32-byte key, base64 (AES-256-GCM); refused in production when unset or the development key. */
export function EncryptionKey(): PropertyDecorator {
  const developmentKey = Buffer.from(DEVELOPMENT_ENCRYPTION_KEY, 'base64');
  return (target, property) => {
    EnvValue(parseEncryptionKey)(target, property);
    DevelopmentSecret((value) => typeof value === 'string' && Buffer.from(value, 'base64').equals(developmentKey))(
      target,
      property,
    );
  };
}
