import { z } from 'zod';
import { loadConfig } from '@cps/config';

/** Variables of the retailer adapters (validated at start like config.ts: a bad value stops the service, code 78). */
export const retailerAdaptersConfigSchema = z.object({
  /** The sandbox retailer playing every platform retailer (development, tests, demos). */
  SANDBOX_RETAILER_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://127.0.0.1:3020'),
  /** Deadline of one call to a retailer; a slower answer is RetailerUnavailable('timeout'). */
  RETAILER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Orders asked for per list call. */
  RETAILER_PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(50),
});

export type RetailerAdaptersConfig = z.output<typeof retailerAdaptersConfigSchema>;

export const retailerAdaptersConfig = loadConfig(retailerAdaptersConfigSchema);
