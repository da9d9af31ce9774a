import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { type GatewayConfig } from '../gateway-config.js';
import { ApiKeyCache } from './api-key-cache.js';
import { OrderedEventFeed, type OrderedConsumers } from './ordered-event-feed.js';

export { type OrderedConsumers, type RevocationMessages } from './ordered-event-feed.js';

/**
 * Follows `auth.api-key.revoked.v1` on every gateway replica (OrderedEventFeed). The API key cache is only used
 * while this feed is live: revocations may have been missed while it was down, so nothing cached is trusted then.
 */
@Injectable()
export class ApiKeyRevocationsListener extends OrderedEventFeed {
  constructor(
    nats: OrderedConsumers,
    private readonly cache: ApiKeyCache,
    config: Pick<GatewayConfig, 'EVENTS_STREAM'>,
  ) {
    super(nats, config.EVENTS_STREAM, AuthContracts.apiKeyRevoked.subject, 'ApiKeyRevocations');
  }

  protected override followed(live: boolean): void {
    if (live) this.cache.resume();
    else this.cache.suspend();
  }

  /** Applies one revocation message; malformed ones are logged and skipped. */
  handle(raw: unknown): void {
    const revoked = this.read(AuthContracts.apiKeyRevoked.data, raw, 'api-key revocation');
    if (!revoked) return;
    const { keyId } = revoked;
    const dropped = this.cache.evictKey(keyId);
    this.logger.log(`api key ${keyId} revoked; ${dropped} cached verdict(s) dropped`);
  }
}
