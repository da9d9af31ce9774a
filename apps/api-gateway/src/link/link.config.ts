import { MinLength } from 'class-validator';
import { type Config, DevelopmentSecret, EnvInt } from '@cps/config';

/** Anyone can read it: signs link-flow cookies outside production only. */
export const DEVELOPMENT_LINK_SESSION_SECRET = 'cps-development-link-session-secret-not-for-production';

/** Variables of the hosted link flow (read with config.ts when the gateway starts: a bad value stops it, code 78). */
export class LinkEnv {
  /** HMAC key of the link-flow cookie and its CSRF tokens; required in production (>= 32 characters). */
  @DevelopmentSecret()
  @MinLength(32)
  LINK_SESSION_SECRET = DEVELOPMENT_LINK_SESSION_SECRET;

  /** How long the browser keeps the link-flow cookie (sync-service ends the session after 30 minutes). */
  @EnvInt({ min: 60, max: 86_400 })
  LINK_SESSION_COOKIE_SECONDS = 1_800;

  /** Deadline of the link steps that wait for the retailer (sign-in, one-time code). */
  @EnvInt({ min: 1_000, max: 120_000 })
  LINK_RETAILER_STEP_TIMEOUT_MS = 30_000;
}

export type LinkConfig = Config<LinkEnv>;
