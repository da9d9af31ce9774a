import { Inject, Injectable } from '@nestjs/common';
import { type Transaction } from '@cps/persistence';
import { DeliveryRepository, type NewDelivery } from '../deliveries/delivery.repository.js';
import { EVENT_FAN_OUTS, type EventFanOut, type FanOutContext } from './event-fan-out.js';
import { type NewWebhookEvent } from './webhook-event-bodies.js';
import { WebhookEventRepository, type StoredWebhookEvent } from './webhook-event.repository.js';

/**
 * Turns webhook events into queued deliveries, inside the consumer's transaction. The event row is
 * stored only when some recipient wants it, so teams without webhooks accumulate nothing.
 */
@Injectable()
export class RecordWebhookEventUseCase {
  constructor(
    private readonly events: WebhookEventRepository,
    private readonly deliveries: DeliveryRepository,
    @Inject(EVENT_FAN_OUTS) private readonly fanOuts: EventFanOut[],
  ) {}

  /** What the fan-outs read in a transaction, by key; gone with the transaction. */
  private readonly reads = new WeakMap<Transaction, Map<string, Promise<unknown>>>();

  /** Returns how many deliveries were queued. */
  async execute(event: NewWebhookEvent, manager: Transaction): Promise<number> {
    return this.executeMany([event], manager);
  }

  /**
   * All the events of a group commit in a fixed number of statements (ADR 0018): the fan-outs read once per team
   * and queue their rows, then every event row is written in one statement and every delivery in one more.
   * Returns how many deliveries were queued.
   */
  async executeMany(events: readonly NewWebhookEvent[], manager: Transaction): Promise<number> {
    // Only a transaction's own manager has a query runner; the data source's shared one is never cached on.
    let reads = manager.queryRunner ? this.reads.get(manager) : new Map<string, Promise<unknown>>();
    if (!reads) this.reads.set(manager, (reads = new Map()));
    const stored = new Map<string, StoredWebhookEvent>();
    const deliveries: NewDelivery[] = [];
    const context: FanOutContext = {
      manager,
      storeEvent: (event) => {
        if (!stored.has(event.id)) stored.set(event.id, event);
      },
      queueDeliveries: (rows) => {
        deliveries.push(...rows);
      },
      perTransaction: <T>(key: string, load: () => Promise<T>) => {
        if (!reads.has(key)) reads.set(key, load());
        return reads.get(key) as Promise<T>;
      },
    };
    // One after another: they share the transaction's single connection.
    for (const event of events) for (const fanOut of this.fanOuts) await fanOut.fanOut(event, context);
    // The event rows first: the deliveries reference them (foreign key).
    await this.events.insertMany(manager, [...stored.values()]);
    await this.deliveries.insertPending(manager, deliveries);
    return deliveries.length;
  }
}
