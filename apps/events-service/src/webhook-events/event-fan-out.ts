import { type EntityManager } from 'typeorm';
import { type NewWebhookEvent } from './webhook-event-bodies.js';

/** What a fan-out gets: the consumer's transaction, and a way to store the event row it refers to. */
export interface FanOutContext {
  /** The event consumer's transaction: write only with it, so effects commit with the inbox record. */
  manager: EntityManager;
  /** Stores the `webhook_events` row (once, however often called); call before rows that reference it. */
  storeEvent(): Promise<void>;
  /**
   * `load()` once per transaction and key: the recipients of a team are read once for all the events of a group
   * commit (ADR 0018), not once per event.
   */
  perTransaction<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * One kind of recipient of webhook events. Webhook destinations are the first; partner-app
 * installations (body plus `service_client_id`, active installations only) and loyalty/marketing
 * integrations (`account.linked` on a first activation, points for `purchase.created`) are added here
 * as further implementations, listed in EVENT_FAN_OUTS.
 */
export interface EventFanOut {
  /** Queues this recipient kind's work for `event`; returns how many deliveries it queued. */
  fanOut(event: NewWebhookEvent, context: FanOutContext): Promise<number>;
}

export const EVENT_FAN_OUTS = Symbol('EVENT_FAN_OUTS');
