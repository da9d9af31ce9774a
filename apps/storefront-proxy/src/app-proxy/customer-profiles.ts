import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, type StorefrontCustomer } from '@cps/domain';
import { SecretBox } from '@cps/persistence';
import { TtlCache } from '@cps/platform';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { type Shop } from '../shops/shop.js';

const UNKNOWN: StorefrontCustomer = { email: null, tags: [] };
const MAX_ENTRIES = 10_000;
/** The Admin API version whose customer resource this reads (Shopify's REST shape). */
export const ADMIN_API_VERSION = '2024-10';

interface AdminCustomer {
  customer?: { email?: unknown; tags?: unknown };
}

/**
 * A signed-in customer's email and tags, which the visibility rules need and a proxied request does not carry:
 * asked from the storefront platform's Admin API (`GET /admin/api/<version>/customers/<id>.json` with the shop's
 * access token) and reused for STOREFRONT_CUSTOMER_CACHE_MS. Without a token, or when the platform does not
 * answer in time, the customer is unknown: rules that need an email or a tag do not admit them.
 */
@Injectable()
export class CustomerProfiles {
  private readonly logger = new Logger('CustomerProfiles');
  private readonly cache: TtlCache<string, StorefrontCustomer>;

  constructor(
    private readonly box: SecretBox,
    clock: Clock,
    @Inject(STOREFRONT_CONFIG)
    private readonly config: Pick<
      StorefrontProxyConfig,
      'STOREFRONT_CUSTOMER_CACHE_MS' | 'STOREFRONT_ADMIN_API_TIMEOUT_MS'
    >,
  ) {
    this.cache = new TtlCache({ ttlMs: config.STOREFRONT_CUSTOMER_CACHE_MS, maxEntries: MAX_ENTRIES }, () =>
      clock.now().getTime(),
    );
  }

  async of(shop: Shop, customerId: string): Promise<StorefrontCustomer> {
    if (!shop.adminTokenSealed) return UNKNOWN;
    const key = `${shop.domain} ${customerId}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const customer = await this.fetch(shop, shop.adminTokenSealed, customerId);
    if (customer === null) return UNKNOWN;
    this.cache.set(key, customer);
    return customer;
  }

  /** The customer (UNKNOWN when the platform does not know them), or null when the platform failed. */
  private async fetch(shop: Shop, tokenSealed: string, customerId: string): Promise<StorefrontCustomer | null> {
    const url = `${shop.adminApiUrl}/admin/api/${ADMIN_API_VERSION}/customers/${encodeURIComponent(customerId)}.json`;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'x-shopify-access-token': this.box.open(tokenSealed) },
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.STOREFRONT_ADMIN_API_TIMEOUT_MS),
      });
      if (response.status === 404) return UNKNOWN;
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = (await response.json()) as AdminCustomer;
      const email = body.customer?.email;
      const tags = body.customer?.tags;
      return {
        email: typeof email === 'string' && email.length <= 254 ? email.trim().toLowerCase() : null,
        tags:
          typeof tags === 'string'
            ? tags
                .split(',')
                .map((tag) => tag.trim().toLowerCase())
                .filter(Boolean)
            : [],
      };
    } catch (error) {
      this.logger.warn(`customer of ${shop.domain} unavailable from the Admin API: ${(error as Error).message}`);
      return null;
    }
  }
}
