import { type EntityManager } from 'typeorm';
import { type Envelope, type EventContract, type EventData } from '@cps/contracts';

/** A durable JetStream consumer of this service: which events it takes and what it does with each. */
export interface EventHandlerDefinition<C extends EventContract<object> = EventContract<object>> {
  /** Durable name suffix; the consumer is `<service>-<name>`. Never rename: it holds the position. */
  name: string;
  event: C;
  /** Runs inside the inbox transaction: write effects (and outbox events) with `manager` only. */
  handle(envelope: Envelope<EventData<C>>, manager: EntityManager): Promise<void>;
  /**
   * Opt-in group commit: up to this many messages waiting at the same moment share one inbox transaction (each
   * still recorded in the inbox; handled by `handleBatch` when given, else one by one by `handle`). Only for
   * handlers whose messages may commit together in any order; when the shared transaction fails, each message
   * runs alone.
   */
  batch?: number;
  /** With `batch`: the messages of a batch not handled before, in one call, inside the inbox transaction. */
  handleBatch?(envelopes: Array<Envelope<EventData<C>>>, manager: EntityManager): Promise<void>;
}

export const EVENT_HANDLERS = Symbol('EVENT_HANDLERS');

/** Thrown by a handler for a message that can never succeed: it goes straight to dead letters. */
export class PermanentEventError extends Error {}

/** Default delays before redelivering a failed event: attempt 1 failed -> wait DEFAULT[0], and so on. */
export const DEFAULT_REDELIVERY_BACKOFF_MS = [1_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

/** The delay before the next delivery after `deliveryCount` failed deliveries (1-based). */
export function redeliveryDelay(
  deliveryCount: number,
  backoff: readonly number[] = DEFAULT_REDELIVERY_BACKOFF_MS,
): number {
  return backoff[Math.min(Math.max(deliveryCount, 1), backoff.length) - 1] ?? 1_000;
}
