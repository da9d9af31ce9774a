import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { StorefrontContracts } from '@cps/contracts';
import { APP_PROXY_MAX_AGE_SECONDS, Clock, verifyAppProxyQuery } from '@cps/domain';
import { SecretBox, sha256 } from '@cps/persistence';
import { type Shop } from '../shops/shop.js';
import { ShopRepository } from '../shops/shop.repository.js';
import { UsedSignatureRepository } from './used-signature.repository.js';

/** Every refusal alike: nothing says which part failed (INTERFACE-DECISIONS). */
const refused = () => new UnauthorizedException({ detail: 'unauthorized' });

/** The parameters of a URL's query string, in order (a name may repeat). */
export function queryPairs(originalUrl: string): Array<[string, string]> {
  const at = originalUrl.indexOf('?');
  return at < 0 ? [] : [...new URLSearchParams(originalUrl.slice(at + 1))];
}

/** The value of a parameter given exactly once, else null. */
export function onlyValue(pairs: ReadonlyArray<[string, string]>, name: string): string | null {
  const values = pairs.filter(([key]) => key === name);
  return values.length === 1 ? values[0]![1] : null;
}

/**
 * Requests signed by a shop's storefront platform (Shopify's app-proxy scheme with the shop's secret): the
 * signature matches and the timestamp is within 90 s. A request that changes something is also served only once.
 */
@Injectable()
export class SignedRequests {
  private readonly logger = new Logger('AppProxy');

  constructor(
    private readonly shops: ShopRepository,
    private readonly signatures: UsedSignatureRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /**
   * The shop that signed the request; 401 (no detail) otherwise. With `once` (what identifies the request besides
   * its signature: method, path, body), the same request a second time is refused too: a replay.
   */
  async shopOf(pairs: ReadonlyArray<[string, string]>, once: string | null): Promise<Shop> {
    const domain = onlyValue(pairs, 'shop');
    const shop = domain && StorefrontContracts.SHOP_DOMAIN_PATTERN.test(domain) ? await this.shops.find(domain) : null;
    if (!shop) throw refused();
    const now = this.clock.now();
    const verdict = verifyAppProxyQuery(pairs, this.box.open(shop.proxySecretSealed), now);
    if (!verdict.ok) {
      this.logger.warn(`refused a signed request for ${shop.domain}: signature ${verdict.reason}`);
      throw refused();
    }
    if (once === null) return shop;
    // Kept past the window either way of the timestamp, after which the signature is refused as stale anyway.
    const expiresAt = new Date(now.getTime() + 2 * APP_PROXY_MAX_AGE_SECONDS * 1000);
    if (!(await this.signatures.use(sha256(`${verdict.signature} ${once}`), expiresAt))) {
      this.logger.warn(`refused a signed request for ${shop.domain}: signature replayed`);
      throw refused();
    }
    return shop;
  }
}
