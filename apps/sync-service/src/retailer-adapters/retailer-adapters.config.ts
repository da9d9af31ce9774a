import { type Config, EnvHttpUrl, EnvInt } from '@cps/config';

/** Variables of the retailer adapters (read with config.ts when the service starts: a bad value stops it, code 78). */
export class RetailerAdaptersEnv {
  /** The sandbox retailer playing every platform retailer (development, tests, demos). */
  @EnvHttpUrl()
  SANDBOX_RETAILER_URL = 'http://127.0.0.1:3020';

  /** Deadline of one call to a retailer; a slower answer is RetailerUnavailable('timeout'). */
  @EnvInt({ min: 100, max: 120_000 })
  RETAILER_REQUEST_TIMEOUT_MS = 10_000;

  /** Orders asked for per list call. */
  @EnvInt({ min: 1, max: 100 })
  RETAILER_PAGE_SIZE = 50;
}

export type RetailerAdaptersConfig = Config<RetailerAdaptersEnv>;
