import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { OrderedEventFeed, type OrderedConsumers } from '../auth/ordered-event-feed.js';
import { type GatewayConfig } from '../gateway-config.js';
import { type BrandNames } from './brand-names.js';

/**
 * Follows `auth.team-profile.changed.v1` on every gateway replica (OrderedEventFeed): a brand's new display name,
 * logo or sharing profile is on the link pages at once instead of after the cache's five minutes. Whenever the
 * feed (re)starts or drops, the whole cache goes, since changes may have been missed meanwhile.
 */
@Injectable()
export class BrandProfileChangesFeed extends OrderedEventFeed {
  constructor(
    nats: OrderedConsumers,
    private readonly brands: Pick<BrandNames, 'forget' | 'forgetAll'>,
    config: Pick<GatewayConfig, 'EVENTS_STREAM'>,
  ) {
    super(nats, config.EVENTS_STREAM, AuthContracts.teamProfileChanged.subject, 'BrandProfileChanges');
  }

  protected override followed(): void {
    this.brands.forgetAll();
  }

  handle(raw: unknown): void {
    const changed = this.read(AuthContracts.teamProfileChanged.data, raw, 'team profile');
    if (changed) this.brands.forget(changed.teamId);
  }
}
