import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventContract, type EventData } from '@cps/contracts';
import { recordEvent, recordEvents, type EventMeta } from './outbox.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

/** Port for use cases: writes domain events into this service's outbox inside the caller's transaction. */
export abstract class EventOutbox {
  abstract record<C extends EventContract<object>>(
    tx: EntityManager,
    contract: C,
    data: EventData<C>,
    meta: EventMeta,
  ): Promise<void>;

  /** Several events of one contract in one statement, in the order given (a page or a batch of work). */
  abstract recordMany<C extends EventContract<object>>(
    tx: EntityManager,
    contract: C,
    events: ReadonlyArray<{ data: EventData<C>; meta: EventMeta }>,
  ): Promise<void>;
}

/** The outbox table of the service's own schema (provided by MessagingModule for producing services). */
@Injectable()
export class SchemaEventOutbox extends EventOutbox {
  constructor(@Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions) {
    super();
  }

  async record<C extends EventContract<object>>(
    tx: EntityManager,
    contract: C,
    data: EventData<C>,
    meta: EventMeta,
  ): Promise<void> {
    await recordEvent(tx, this.options.schema, contract, data, meta);
  }

  async recordMany<C extends EventContract<object>>(
    tx: EntityManager,
    contract: C,
    events: ReadonlyArray<{ data: EventData<C>; meta: EventMeta }>,
  ): Promise<void> {
    await recordEvents(tx, this.options.schema, contract, events);
  }
}
