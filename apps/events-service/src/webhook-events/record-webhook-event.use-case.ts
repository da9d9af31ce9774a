import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { EVENT_FAN_OUTS, type EventFanOut, type FanOutContext } from './event-fan-out.js';
import { type NewWebhookEvent } from './webhook-event-bodies.js';
import { WebhookEventRepository } from './webhook-event.repository.js';

/**
 * Turns one webhook event into queued deliveries, inside the consumer's transaction. The event row is
 * stored only when some recipient wants it, so teams without webhooks accumulate nothing.
 */
@Injectable()
export class RecordWebhookEventUseCase {
  constructor(
    private readonly events: WebhookEventRepository,
    @Inject(EVENT_FAN_OUTS) private readonly fanOuts: EventFanOut[],
  ) {}

  /** What the fan-outs read in a transaction, by key; gone with the transaction's EntityManager. */
  private readonly reads = new WeakMap<EntityManager, Map<string, Promise<unknown>>>();

  /** Returns how many deliveries were queued. */
  async execute(event: NewWebhookEvent, manager: EntityManager): Promise<number> {
    let stored: Promise<void> | undefined;
    // Only a transaction's own EntityManager has a query runner; the data source's shared one is never cached on.
    let reads = manager.queryRunner ? this.reads.get(manager) : new Map<string, Promise<unknown>>();
    if (!reads) this.reads.set(manager, (reads = new Map()));
    const context: FanOutContext = {
      manager,
      storeEvent: () => (stored ??= this.events.insert(manager, event)),
      perTransaction: <T>(key: string, load: () => Promise<T>) => {
        if (!reads.has(key)) reads.set(key, load());
        return reads.get(key) as Promise<T>;
      },
    };
    let queued = 0;
    // One after another: they share the transaction's single connection.
    for (const fanOut of this.fanOuts) queued += await fanOut.fanOut(event, context);
    return queued;
  }
}
