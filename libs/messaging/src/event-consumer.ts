import { applyDecorators, Inject, Injectable, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
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
  /**
   * Handled without an inbox row: only for handlers whose every write is an upsert or a delete keyed by the
   * platform's ids that ends the same whether a message is handled once or again, in any order (a read model's
   * projection). Each message still runs in its own (or its batch's) transaction and is acked after its commit.
   */
  idempotent?: boolean;
}

/** Handlers handed to InboxConsumerService directly (its specs); a service's own are discovered (`@EventConsumer()`). */
export const EVENT_HANDLERS = Symbol('EVENT_HANDLERS');

/** Marks the classes InboxConsumerService finds among the providers of every module (Nest's DiscoveryService). */
export const DiscoverableConsumer = DiscoveryService.createDecorator<true>();

/**
 * Declares a provider as one of the service's durable consumers (a class implementing EventHandlerDefinition). The
 * feature module that lists it among its providers owns it; InboxConsumerService starts every one it finds, and
 * refuses to start when two have the same durable name.
 */
export function EventConsumer(): ClassDecorator {
  return applyDecorators(Injectable(), DiscoverableConsumer(true));
}

interface ConsumerSpecBase<C extends EventContract<object>, D extends unknown[]> {
  /** Durable name suffix; never rename (EventHandlerDefinition.name). */
  name: string;
  event: C;
  /** No inbox row (EventHandlerDefinition.idempotent). */
  idempotent?: boolean;
  /** The providers `handle` works with, in this order. */
  inject?: { [K in keyof D]: Type<D[K]> };
}

/** One message at a time. */
export interface SingleConsumerSpec<C extends EventContract<object>, D extends unknown[]> extends ConsumerSpecBase<
  C,
  D
> {
  handle(deps: D, envelope: Envelope<EventData<C>>, manager: EntityManager): Promise<void>;
}

/**
 * The group commit (ADR 0018) of the consumers of collected and matched purchases: purchases are independent of each
 * other, so up to this many waiting together share a commit.
 */
export const PURCHASE_EVENTS_BATCH = 32;

/** Group commit (EventHandlerDefinition.batch): a lone message is a batch of one. */
export interface BatchConsumerSpec<C extends EventContract<object>, D extends unknown[]> extends ConsumerSpecBase<
  C,
  D
> {
  batch: number;
  handleBatch(deps: D, envelopes: Array<Envelope<EventData<C>>>, manager: EntityManager): Promise<void>;
}

export type BatchEventHandler<C extends EventContract<object>> = EventHandlerDefinition<C> &
  Required<Pick<EventHandlerDefinition<C>, 'batch' | 'handleBatch'>>;

/**
 * The class of a consumer that hands each event to injected providers (use cases, repositories), marked
 * `@EventConsumer()`: a feature declares it in a few lines instead of a class with a constructor and fields.
 * `className` names it in Nest's logs and errors.
 */
export function eventConsumer<C extends EventContract<object>, D extends unknown[] = []>(
  className: string,
  spec: BatchConsumerSpec<C, D>,
): Type<BatchEventHandler<C>>;
export function eventConsumer<C extends EventContract<object>, D extends unknown[] = []>(
  className: string,
  spec: SingleConsumerSpec<C, D>,
): Type<EventHandlerDefinition<C>>;
export function eventConsumer<C extends EventContract<object>, D extends unknown[]>(
  className: string,
  spec: SingleConsumerSpec<C, D> | BatchConsumerSpec<C, D>,
): Type<EventHandlerDefinition<C>> {
  const batched = 'handleBatch' in spec ? spec : undefined;
  class Consumer implements EventHandlerDefinition<C> {
    readonly name = spec.name;
    readonly event = spec.event;
    readonly batch = batched?.batch;
    readonly idempotent = spec.idempotent;
    readonly handleBatch = batched
      ? async (envelopes: Array<Envelope<EventData<C>>>, manager: EntityManager) =>
          batched.handleBatch(this.deps, envelopes, manager)
      : undefined;
    private readonly deps: D;

    constructor(...deps: D) {
      this.deps = deps;
    }

    async handle(envelope: Envelope<EventData<C>>, manager: EntityManager): Promise<void> {
      return batched
        ? batched.handleBatch(this.deps, [envelope], manager)
        : (spec as SingleConsumerSpec<C, D>).handle(this.deps, envelope, manager);
    }
  }
  Object.defineProperty(Consumer, 'name', { value: className });
  (spec.inject ?? []).forEach((token, index) => Inject(token)(Consumer, undefined, index));
  EventConsumer()(Consumer);
  return Consumer;
}

/** The team an event is about; an event that should carry one and does not can never succeed. */
export function teamOf(envelope: Envelope<unknown>): string {
  if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
  return envelope.teamId;
}

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
