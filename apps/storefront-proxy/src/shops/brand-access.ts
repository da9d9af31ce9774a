import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { SecretBox } from '@cps/persistence';
import { TtlCache } from '@cps/platform';
import { AuthClient } from '../clients/platform-clients.js';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { type Shop } from './shop.js';

const MAX_ENTRIES = 10_000;

/**
 * The brand behind a shop: the team of the shop's stored API key, as auth-server verifies it (a revoked key
 * stops the shop's endpoints), reused for STOREFRONT_API_KEY_CACHE_MS.
 */
@Injectable()
export class BrandAccess {
  private readonly verdicts: TtlCache<string, string | null>;

  constructor(
    private readonly auth: AuthClient,
    private readonly box: SecretBox,
    clock: Clock,
    @Inject(STOREFRONT_CONFIG) config: Pick<StorefrontProxyConfig, 'STOREFRONT_API_KEY_CACHE_MS'>,
  ) {
    this.verdicts = new TtlCache({ ttlMs: config.STOREFRONT_API_KEY_CACHE_MS, maxEntries: MAX_ENTRIES }, () =>
      clock.now().getTime(),
    );
  }

  /** The team, or null when the shop has no API key or its key is no longer valid. */
  async teamOf(shop: Pick<Shop, 'domain' | 'apiKeySealed'>): Promise<string | null> {
    if (!shop.apiKeySealed) return null;
    // The sealed key is part of the cache key: a replaced key is verified at once.
    const cacheKey = `${shop.domain} ${shop.apiKeySealed}`;
    const cached = this.verdicts.get(cacheKey);
    if (cached !== undefined) return cached;
    const teamId = await this.verify(this.box.open(shop.apiKeySealed));
    this.verdicts.set(cacheKey, teamId);
    return teamId;
  }

  /** The team of a raw API key, or null when it is not valid. */
  async verify(apiKey: string): Promise<string | null> {
    const verdict = await this.auth.verifyApiKey({ apiKey });
    return verdict.valid ? verdict.teamId : null;
  }
}
