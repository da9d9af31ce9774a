import { IsOptional } from 'class-validator';
import {
  type Config,
  configLoader,
  DEVELOPMENT_ENCRYPTION_KEY,
  EncryptionKey,
  EnvFlag,
  EnvInt,
  EnvPort,
  EnvValue,
  ServiceEnv,
} from '@cps/config';
import { parseRetrySchedule } from '@cps/domain';
import { DEVELOPMENT_OUTBOUND_ALLOWLIST, parseOutboundAllowlist } from '@cps/platform';

const DEFAULT_RETRY_SCHEDULE = '0,5,300,1800,7200,18000,36000,36000';

function parseRetryScheduleVariable(text: string): number[] {
  const seconds = parseRetrySchedule(text);
  if (seconds.length === 0 || seconds.length > 20) throw new Error('retry schedule must have 1 to 20 entries');
  return seconds;
}

export class EventsServiceEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3012;

  /** Seals webhook signing secrets at rest (AES-256-GCM); required in production. */
  @EncryptionKey()
  ENCRYPTION_KEY = DEVELOPMENT_ENCRYPTION_KEY;

  /** Seconds before each attempt, the first counted from the event, the others from the previous attempt. */
  @EnvValue(parseRetryScheduleVariable)
  WEBHOOK_RETRY_SCHEDULE = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);

  @EnvInt({ min: 100, max: 120_000 })
  WEBHOOK_TIMEOUT_MS = 15_000;

  @EnvInt({ min: 50, max: 60_000 })
  DELIVERY_POLL_MS = 500;

  @EnvInt({ min: 1, max: 1_000 })
  DELIVERY_CONCURRENCY = 16;

  /** Accept http:// webhook URLs (development); by default only outside production. */
  @IsOptional()
  @EnvFlag()
  WEBHOOK_ALLOW_HTTP!: boolean;

  /**
   * Private hosts webhooks may still reach (IPs, CIDRs, names; comma-separated): by default loopback outside
   * production, nothing in production.
   */
  @IsOptional()
  @EnvValue(parseOutboundAllowlist)
  OUTBOUND_ALLOW_PRIVATE_HOSTS!: readonly string[];

  derive(): void {
    this.WEBHOOK_ALLOW_HTTP ??= this.NODE_ENV !== 'production';
    this.OUTBOUND_ALLOW_PRIVATE_HOSTS ??= this.NODE_ENV === 'production' ? [] : DEVELOPMENT_OUTBOUND_ALLOWLIST;
  }
}

export type EventsServiceConfig = Config<EventsServiceEnv>;

/** Injection token of the configuration. */
export const EVENTS_CONFIG = Symbol('EVENTS_CONFIG');

export const loadAppConfig = configLoader(EventsServiceEnv);
