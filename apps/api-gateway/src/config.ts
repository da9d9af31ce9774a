import { z } from 'zod';
import { loadConfig, withPort } from '@cps/config';

export const configSchema = withPort(3000).extend({
  /** Address brands use to reach this gateway; absolute URLs in responses (link_url, images) start with it. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /** How long a positive API key verdict is reused before asking auth-server again. */
  API_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Most verified keys kept in memory; the least recently used one goes first. */
  API_KEY_CACHE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
});

export const config = loadConfig(configSchema);
