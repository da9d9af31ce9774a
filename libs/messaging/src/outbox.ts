import { type EntityManager } from 'typeorm';
import { monotonicFactory } from 'ulid';
import {
  toMessage,
  TOLERANT_VALIDATOR_OPTIONS,
  type Envelope,
  type EventContract,
  type EventData,
} from '@cps/contracts';

/** Strictly increasing within the process, so two events recorded in the same millisecond keep their order. */
const nextId = monotonicFactory();

export interface EventMeta {
  /** The envelope id (also the outbox row id and `Nats-Msg-Id`); a new ULID when left out. */
  id?: string;
  teamId?: string;
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
  const id = meta.id ?? nextId();
  const envelope: Envelope<EventData<C>> = {
    id,
    subject: contract.subject,
    occurredAt: (meta.occurredAt ?? new Date()).toISOString(),
    correlationId: meta.correlationId ?? id,
    ...(meta.teamId ? { teamId: meta.teamId } : {}),
    data: toMessage(contract.data, data, TOLERANT_VALIDATOR_OPTIONS) as EventData<C>,
  };
  await manager.query(`INSERT INTO "${schema}".outbox (id, subject, envelope) VALUES ($1, $2, $3)`, [
    id,
    contract.subject,
    envelope,
  ]);
  // Delivered to listeners on commit only; wakes the relay without waiting for its next poll.
  await manager.query(`SELECT pg_notify($1, '')`, [outboxChannel(schema)]);
  return envelope;
}

/** A new envelope id, for a producer that must know it before recording the event (`EventMeta.id`). */
export const newEventId = (): string => nextId();

export const outboxChannel = (schema: string) => `${schema}_outbox`;
