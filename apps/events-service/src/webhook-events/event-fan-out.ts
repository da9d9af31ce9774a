import { type EntityManager } from 'typeorm';
import { type NewDelivery } from '../deliveries/delivery.repository.js';
import { type NewWebhookEvent } from './webhook-event-bodies.js';
import { type StoredWebhookEvent } from './webhook-event.repository.js';

/**
 * What a fan-out gets: the consumer's transaction to read with, and queues for what it wants written. The use case
 * writes the queued rows of all the events it was given at once (ADR 0018: a group commit's statements do not grow
 * with its size), event rows before the deliveries that reference them.
 */
export interface FanOutContext {
  /** The event consumer's transaction: read only with it, so reads see what commits with the inbox record. */
  manager: EntityManager;
  /** Queues a `webhook_events` row (once per id, however often called) for the deliveries that reference it. */
  storeEvent(event: StoredWebhookEvent): void;
  queueDeliveries(deliveries: readonly NewDelivery[]): void;
  /**
   * `load()` once per transaction and key: the recipients of a team are read once for all the events of a group
   * commit (ADR 0018), not once per event.
   */
  perTransaction<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * One kind of recipient of webhook events, listed in EVENT_FAN_OUTS: the brand's webhook destinations and
 * partner-app installations (body plus `service_client_id`, active installations only). Loyalty and marketing
 * integrations are not fan-outs: they have consumers of their own (integration-events.handlers.ts).
 */
export interface EventFanOut {
  /** Queues this recipient kind's rows for `event` through `context`. */
  fanOut(event: NewWebhookEvent, context: FanOutContext): Promise<void>;
}

export const EVENT_FAN_OUTS = Symbol('EVENT_FAN_OUTS');
