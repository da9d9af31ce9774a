import { type EntityManager } from 'typeorm';
import { type z } from 'zod';
import { ulid } from 'ulid';
import { type Envelope, type EventContract, type EventData } from '@cps/contracts';

export interface EventMeta {
  teamId?: string;
  correlationId?: string;
  occurredAt?: Date;
}

/**
 * Records a domain event in the service's outbox inside the caller's transaction, so the state change
 * and the event commit together. The relay publishes it after commit.
 */
export async function recordEvent<C extends EventContract<z.ZodType>>(
  manager: EntityManager,
  schema: string,
  contract: C,
  data: EventData<C>,
  meta: EventMeta = {},
): Promise<Envelope<EventData<C>>> {
  const id = ulid();
  const envelope: Envelope<EventData<C>> = {
    id,
    subject: contract.subject,
    occurredAt: (meta.occurredAt ?? new Date()).toISOString(),
    correlationId: meta.correlationId ?? id,
    ...(meta.teamId ? { teamId: meta.teamId } : {}),
    data: contract.data.parse(data) as EventData<C>,
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

export const outboxChannel = (schema: string) => `${schema}_outbox`;
