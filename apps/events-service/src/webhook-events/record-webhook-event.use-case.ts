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

  /** Returns how many deliveries were queued. */
  async execute(event: NewWebhookEvent, manager: EntityManager): Promise<number> {
    let stored: Promise<void> | undefined;
    const context: FanOutContext = {
      manager,
      storeEvent: () => (stored ??= this.events.insert(manager, event)),
    };
    let queued = 0;
    // One after another: they share the transaction's single connection.
    for (const fanOut of this.fanOuts) queued += await fanOut.fanOut(event, context);
    return queued;
  }
}
