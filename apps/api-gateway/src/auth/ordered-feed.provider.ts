import { type FactoryProvider, type Type } from '@nestjs/common';
import { NatsConnectionService } from '@cps/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { type OrderedConsumers } from './ordered-event-feed.js';

/**
 * The provider of a feed (OrderedEventFeed) that keeps one other provider up to date: a factory, so the compiler
 * checks that the NATS connection offers what the feed reads of it.
 */
export function orderedFeedProvider<F, D>(
  feed: new (nats: OrderedConsumers, target: D, config: Pick<GatewayConfig, 'EVENTS_STREAM'>) => F,
  target: Type<D>,
): FactoryProvider<F> {
  return {
    provide: feed,
    inject: [NatsConnectionService, target, GATEWAY_CONFIG],
    useFactory: (nats: NatsConnectionService, dependency: D, config: GatewayConfig) =>
      new feed(nats, dependency, config),
  };
}
