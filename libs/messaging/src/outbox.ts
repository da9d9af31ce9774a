import { type EntityManager } from 'typeorm';
import {
  monotonicUlid,
  toMessage,
  TOLERANT_VALIDATOR_OPTIONS,
  type Envelope,
  type EventContract,
  type EventData,
} from '@cps/contracts';

/** Strictly increasing within the process, so two events recorded in the same millisecond keep their order. */
const nextId = monotonicUlid();

export interface EventMeta {
  /** The envelope id (also the outbox row id and `Nats-Msg-Id`); a new ULID when left out. */
  id?: string;
  teamId?: string;
  /**
   * The aggregate (e.g. the connection) this event must keep its order with: the relay publishes events of
   * different keys of a team concurrently. Left out, the event is ordered against all of its team's events.
   * Not part of the envelope.
   */
  orderingKey?: string;
  correlationId?: string;
  occurredAt?: Date;
}

/**
 * Records a domain event in the service's outbox inside the caller's transaction, so the state change
 * and the event commit together. The relay publishes it after commit. The data is checked against the
 * event's class (a violation throws and rolls the transaction back); fields the class does not declare
 * are dropped, so the stored JSON holds exactly the contract's fields.
 */
export async function recordEvent<C extends EventContract<object>>(
  manager: EntityManager,
  schema: string,
  contract: C,
  data: EventData<C>,
  meta: EventMeta = {},
): Promise<Envelope<EventData<C>>> {
  const [envelope] = await recordEvents(manager, schema, contract, [{ data, meta }]);
  return envelope!;
}

/**
 * Records several events of one contract as `recordEvent` does, in one statement (one INSERT and one wake-up of
 * the relay), in the order given: ids generated here increase along the list.
 */
export async function recordEvents<C extends EventContract<object>>(
  manager: EntityManager,
  schema: string,
  contract: C,
  events: ReadonlyArray<{ data: EventData<C>; meta?: EventMeta }>,
): Promise<Array<Envelope<EventData<C>>>> {
  if (events.length === 0) return [];
  const envelopes = events.map(({ data, meta = {} }): Envelope<EventData<C>> => {
    const id = meta.id ?? nextId();
    return {
      id,
      subject: contract.subject,
      occurredAt: (meta.occurredAt ?? new Date()).toISOString(),
      correlationId: meta.correlationId ?? id,
      ...(meta.teamId ? { teamId: meta.teamId } : {}),
      data: toMessage(contract.data, data, TOLERANT_VALIDATOR_OPTIONS) as EventData<C>,
    };
  });
  // The notification is delivered to listeners on commit only; it wakes the relay without waiting for its poll.
  await manager.query(
    `WITH recorded AS (
       INSERT INTO "${schema}".outbox (id, subject, envelope, ordering_key)
       SELECT e->>'id', e->>'subject', e, k FROM unnest($1::jsonb[], $2::text[]) AS r(e, k)
     )
     SELECT pg_notify($3, '')`,
    [
      envelopes.map((envelope) => JSON.stringify(envelope)),
      events.map(({ meta }) => meta?.orderingKey ?? null),
      outboxChannel(schema),
    ],
  );
  return envelopes;
}

/** A new envelope id, for a producer that must know it before recording the event (`EventMeta.id`). */
export const newEventId = (): string => nextId();

export const outboxChannel = (schema: string) => `${schema}_outbox`;
