import { Injectable } from '@nestjs/common';
import { type EventContract, type EventData } from '@cps/contracts';
import { recordEvent, type EventMeta } from '@cps/messaging';
import { type EntityManager } from 'typeorm';
import { type z } from 'zod';

/** Writes domain events into the `matching` outbox inside the caller's transaction. */
export abstract class EventOutbox {
  abstract record<C extends EventContract<z.ZodType>>(
    tx: EntityManager,
    contract: C,
    data: EventData<C>,
    meta: EventMeta,
  ): Promise<void>;
}

@Injectable()
export class PostgresEventOutbox extends EventOutbox {
  async record<C extends EventContract<z.ZodType>>(
    tx: EntityManager,
    contract: C,
    data: EventData<C>,
    meta: EventMeta,
  ): Promise<void> {
    await recordEvent(tx, 'matching', contract, data, meta);
  }
}
