import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AckPolicy, DeliverPolicy, JetStreamApiError, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { DataSource, type EntityManager } from 'typeorm';
import { ContractViolation, toEnvelope, toMessage, TOLERANT_VALIDATOR_OPTIONS, type Envelope } from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { KeyedGroupCommit } from '@cps/persistence';
import {
  DEFAULT_REDELIVERY_BACKOFF_MS,
  DiscoverableConsumer,
  EVENT_HANDLERS,
  PermanentEventError,
  redeliveryDelay,
  type EventHandlerDefinition,
} from './event-consumer.js';
import { BackgroundLoop } from './background-loop.js';
import { NatsConnectionService } from './nats-connection.service.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

/** Messages of one consumer handled at once by this process (one pull loop each). */
const CONCURRENCY = 16;
/** Pull loops of a batched consumer; each asks for a batch's worth of messages per pull. */
const BATCHED_LOOPS = 4;
export const DEFAULT_ACK_WAIT_MS = 5_000;
/** How long one pull waits at the server for a message before asking again. */
const PULL_EXPIRES_MS = 30_000;
/** How often retired consumers are deleted again (a replica of the previous version may have recreated one). */
const RETIRED_CHECK_MS = 10 * 60_000;

/**
 * Runs this service's durable consumers: the providers marked `@EventConsumer()` in any of its modules (found at start
 * through Nest's DiscoveryService), or the handlers it is given (its specs). Two with the same durable name refuse
 * the start: they would share one position and each take half of the messages. Each message is handled in one Postgres transaction that
 * first records its id in the inbox: a redelivered message finds its id and changes nothing.
 * Failures are nak'ed with backoff; after the last delivery the message is dead-lettered (row + log).
 *
 * `ack_wait` is short (MessagingOptions.ackWaitMs, 5 s): while a handler runs, the message's progress is
 * signalled (`working()`) every third of it, so only a message whose process died or lost NATS is redelivered,
 * within seconds. Messages are pulled one at a time by CONCURRENCY loops per consumer, so none waits unsignalled
 * in a client-side buffer. A batched consumer (group commit) pulls up to a batch's worth per request in
 * BATCHED_LOOPS loops and hands each message to its batch as it arrives (signalled from then on): one pull request
 * per batch instead of one per message.
 */
@Injectable()
export class InboxConsumerService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('InboxConsumer');
  private readonly subscriptions = new Set<ConsumerMessages>();
  private readonly loops: Promise<void>[] = [];
  private running = false;
  private readonly backoff: number[];
  private readonly maxDeliveries: number;
  private readonly ackWaitMs: number;
  /** Interruptions per consumer since its last good pull, so an outage logs once, not once per pull loop. */
  private readonly interruptions = new Map<string, number>();
  /**
   * Group commit per batched consumer: a message joins the messages waiting for the consumer's next shared
   * transaction (one runs at a time; what arrives meanwhile waits for the next; the messages of one pull go in
   * the first together), and resolves once handled. A batch never fails: processBatch settles each message.
   */
  private readonly batches = new KeyedGroupCommit<EventHandlerDefinition, PendingMessage, void>((handler) => ({
    maxBatch: batchSize(handler),
    gatherFirst: true,
    write: async (batch) => {
      await this.processBatch(handler, this.durable(handler), batch);
      return batch.map(() => undefined);
    },
  }));
  private readonly retiredLoop = new BackgroundLoop({
    name: 'RetiredConsumers',
    idleMs: RETIRED_CHECK_MS,
    pass: async () => {
      await this.deleteRetiredConsumers();
      return false;
    },
  });

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @Optional()
    @Inject(EVENT_HANDLERS)
    private handlers: EventHandlerDefinition[] = [],
    private readonly dataSource: DataSource,
    private readonly nats: NatsConnectionService,
    private readonly metrics: ServiceMetrics,
    @Optional() private readonly discovery?: DiscoveryService,
  ) {
    this.backoff = options.redeliveryBackoffMs ?? DEFAULT_REDELIVERY_BACKOFF_MS;
    this.maxDeliveries = this.backoff.length + 1;
    this.ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  }

  /** Before any service starts its work (onApplicationBootstrap), so a refused start leaves nothing running. */
  onModuleInit(): void {
    this.handlers = [...(this.handlers ?? []), ...this.discovered()];
    this.refuseDuplicateDurables();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    // Its first pass runs at once; a failing one (NATS away) is retried with backoff rather than failing the start.
    if (this.options.retiredConsumers?.length) this.retiredLoop.start();
    for (const handler of this.handlers ?? []) {
      await this.ensureConsumer(handler);
      const loops = batchSize(handler) > 1 ? BATCHED_LOOPS : CONCURRENCY;
      for (let slot = 0; slot < loops; slot++) this.loops.push(this.consumeForever(handler));
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.retiredLoop.stop();
    // Ends the pulls waiting at the server; the handlers in flight finish and ack first.
    for (const messages of this.subscriptions) await messages.close().catch(() => undefined);
    await Promise.allSettled(this.loops);
  }

  /** The instances of the `@EventConsumer()` providers of every module of the app. */
  private discovered(): EventHandlerDefinition[] {
    if (!this.discovery) return [];
    return this.discovery
      .getProviders({ metadataKey: DiscoverableConsumer.KEY })
      .map((wrapper) => wrapper.instance as EventHandlerDefinition | undefined)
      .filter((instance): instance is EventHandlerDefinition => instance !== undefined);
  }

  private refuseDuplicateDurables(): void {
    const seen = new Set<string>();
    for (const handler of this.handlers) {
      const durable = this.durable(handler);
      if (seen.has(durable)) throw new Error(`two event consumers are named ${durable}: durable names must be unique`);
      seen.add(durable);
    }
  }

  private durable(handler: EventHandlerDefinition): string {
    return `${this.options.service}-${handler.name}`;
  }

  private async ensureConsumer(handler: EventHandlerDefinition): Promise<void> {
    const config = {
      durable_name: this.durable(handler),
      filter_subject: handler.event.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.ackWaitMs),
      max_deliver: this.maxDeliveries,
      max_ack_pending: 1_000,
    };
    try {
      // An existing durable takes the current settings (ack_wait, max_deliver...), e.g. after a config change.
      await this.nats.jsm.consumers.info(this.options.stream, config.durable_name);
      await this.nats.jsm.consumers.update(this.options.stream, config.durable_name, config);
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      await this.nats.jsm.consumers.add(this.options.stream, config);
    }
  }

  /**
   * The durables of retired consumers, where they still are: at start, then every RETIRED_CHECK_MS, since in a rolling
   * update a replica of the previous version recreates its durable after this deleted it (its pull loops restart).
   */
  private async deleteRetiredConsumers(): Promise<void> {
    for (const name of this.options.retiredConsumers ?? []) {
      const durable = `${this.options.service}-${name}`;
      try {
        await this.nats.jsm.consumers.delete(this.options.stream, durable);
        this.logger.log(`deleted the retired consumer ${durable}`);
      } catch (error) {
        if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      }
    }
  }

  /** One pull loop: takes a message when it has none; keeps going across NATS restarts and lost consumers. */
  private async consumeForever(handler: EventHandlerDefinition): Promise<void> {
    const durable = this.durable(handler);
    while (this.running) {
      try {
        const consumer = await this.nats.js.consumers.get(this.options.stream, durable);
        const pull = batchSize(handler);
        while (this.running) {
          const messages = await consumer.fetch({ max_messages: pull, expires: PULL_EXPIRES_MS });
          this.subscriptions.add(messages);
          const handling: Promise<void>[] = [];
          try {
            for await (const message of messages) {
              if (pull === 1) await this.handle(handler, message);
              else handling.push(this.handle(handler, message)); // joins the next batch now; settled by it
            }
            this.interruptions.delete(durable); // a pull that ended normally: the consumer works again
          } finally {
            await Promise.all(handling);
            this.subscriptions.delete(messages);
          }
        }
      } catch (error) {
        if (!this.running) break;
        const count = (this.interruptions.get(durable) ?? 0) + 1;
        this.interruptions.set(durable, count);
        if (count === 1 || count % 100 === 0) {
          this.logger.warn(`consumer ${durable} interrupted (${count}x): ${(error as Error).message}; restarting`);
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        // A failure here is the same outage: the next turn of the loop reports it.
        await this.ensureConsumer(handler).catch(() => undefined);
      }
    }
  }

  private async handle(handler: EventHandlerDefinition, message: JsMsg): Promise<void> {
    const consumer = this.durable(handler);
    const progress = setInterval(() => signalProgress(message), Math.max(Math.floor(this.ackWaitMs / 3), 100));
    const done = () => clearInterval(progress);
    try {
      if (batchSize(handler) > 1) await this.batches.submit(handler, { message, done });
      else await this.process(handler, consumer, message);
    } finally {
      done();
    }
  }

  /**
   * One transaction for the batch: the inbox rows of every message, then the handler for each message not handled
   * before, then the acks. When it fails, each message is processed alone (its own transaction, redelivery and
   * dead letters as usual), so a failing message holds back no other.
   */
  private async processBatch(
    handler: EventHandlerDefinition,
    consumer: string,
    batch: PendingMessage[],
  ): Promise<void> {
    const messages = batch.map((pending) => pending.message);
    const envelopes: Array<Envelope<object>> = [];
    try {
      for (const message of messages) envelopes.push(this.parse(handler, message.string()));
      await this.dataSource.transaction(async (manager) => {
        const fresh = new Set(
          await this.recordFresh(
            handler,
            consumer,
            envelopes.map((envelope) => envelope.id),
            manager,
          ),
        );
        // A message redelivered within the batch, or already handled: once only.
        const unhandled = envelopes.filter((envelope) => fresh.delete(envelope.id));
        if (handler.handleBatch) {
          await this.metrics.observeMessage('event', handler.event.subject, () =>
            handler.handleBatch!(unhandled as never, manager),
          );
          return;
        }
        for (const envelope of unhandled) {
          await this.metrics.observeMessage('event', envelope.subject, () =>
            handler.handle(envelope as never, manager),
          );
        }
      });
    } catch (error) {
      this.logger.debug(`${consumer}: batch of ${messages.length} failed (${(error as Error).message}); one by one`);
      // Each message's progress signals stop as soon as it is settled: a signal after a `term` would revive it.
      for (const pending of batch) {
        await this.process(handler, consumer, pending.message);
        pending.done();
      }
      return;
    }
    for (const pending of batch) {
      pending.message.ack();
      pending.done();
    }
  }

  private async process(handler: EventHandlerDefinition, consumer: string, message: JsMsg): Promise<void> {
    try {
      await this.metrics.observeMessage('event', message.subject, async () => {
        const envelope = this.parse(handler, message.string());
        await this.dataSource.transaction((manager) => this.handleOnce(handler, consumer, envelope, manager));
      });
      message.ack();
    } catch (error) {
      const permanent = error instanceof PermanentEventError;
      const deliveries = message.info.deliveryCount;
      if (permanent || deliveries >= this.maxDeliveries) {
        await this.deadLetter(consumer, message, error as Error, deliveries);
        message.term(permanent ? 'permanent failure' : 'max deliveries');
      } else {
        this.logger.warn(
          `${consumer}: ${message.subject} failed (delivery ${deliveries}): ${(error as Error).message}`,
        );
        message.nak(redeliveryDelay(deliveries, this.backoff));
      }
    }
  }

  /** Records the message in the inbox and runs the handler, in `manager`'s transaction; false when already handled. */
  private async handleOnce(
    handler: EventHandlerDefinition,
    consumer: string,
    envelope: Envelope<object>,
    manager: EntityManager,
  ): Promise<boolean> {
    if ((await this.recordFresh(handler, consumer, [envelope.id], manager)).length === 0) return false; // a redelivery
    await handler.handle(envelope as never, manager);
    return true;
  }

  /**
   * Records message ids in the inbox; returns those not handled before. An idempotent handler
   * (EventHandlerDefinition.idempotent) keeps no inbox rows: every id is fresh to it.
   */
  private async recordFresh(
    handler: EventHandlerDefinition,
    consumer: string,
    ids: string[],
    manager: EntityManager,
  ): Promise<string[]> {
    if (handler.idempotent) return ids;
    const rows = (await manager.query(
      `INSERT INTO "${this.options.schema}".inbox (consumer, message_id) SELECT $1, unnest($2::text[])
       ON CONFLICT DO NOTHING RETURNING message_id`,
      [consumer, ids],
    )) as Array<{ message_id: string }>;
    return rows.map((row) => row.message_id);
  }

  /**
   * Runs a dead-lettered message (its stored text) again for `consumer` only, in the caller's transaction,
   * through the same inbox: false when that consumer had already handled it. Throws when there is no such
   * consumer here, or when the message fails again.
   */
  async replay(consumer: string, payload: string, manager: EntityManager): Promise<boolean> {
    const handler = (this.handlers ?? []).find((candidate) => this.durable(candidate) === consumer);
    if (!handler) throw new PermanentEventError(`no consumer ${consumer} in ${this.options.service}`);
    return this.handleOnce(handler, consumer, this.parse(handler, payload), manager);
  }

  /** The envelope and its data as instances of their classes; a message that breaks them is dead-lettered. */
  private parse(handler: EventHandlerDefinition, text: string): Envelope<object> {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new PermanentEventError('message is not JSON');
    }
    const envelope = readOrRefuse('bad envelope', () => toEnvelope(raw));
    envelope.data = readOrRefuse(`bad ${handler.event.subject} data`, () =>
      toMessage(handler.event.data, envelope.data, TOLERANT_VALIDATOR_OPTIONS),
    );
    return envelope as Envelope<object>;
  }

  private async deadLetter(consumer: string, message: JsMsg, error: Error, deliveries: number): Promise<void> {
    const messageId = message.headers?.get('Nats-Msg-Id') || null;
    this.logger.error(
      `dead letter: consumer=${consumer} subject=${message.subject} message_id=${messageId} deliveries=${deliveries} error=${error.message}`,
    );
    await this.dataSource
      .query(
        `INSERT INTO "${this.options.schema}".dead_letters (consumer, message_id, subject, payload, error, deliveries)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [consumer, messageId, message.subject, message.string(), error.message, deliveries],
      )
      .catch((dbError: Error) => this.logger.error(`could not record dead letter: ${dbError.message}`));
  }
}

function batchSize(handler: EventHandlerDefinition): number {
  return Math.max(handler.batch ?? 1, 1);
}

interface PendingMessage {
  message: JsMsg;
  /** Stops the message's progress signals once it is settled (acked, nak'ed or terminated). */
  done: () => void;
}

/**
 * Tells JetStream the message is still being handled. On a closed or reconnecting connection there is no one
 * to tell: the message is then redelivered after ack_wait, and the inbox makes the second handling a no-op.
 */
function signalProgress(message: JsMsg): void {
  try {
    message.working();
  } catch {
    // see above: redelivery covers it
  }
}

function readOrRefuse<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ContractViolation) throw new PermanentEventError(`${what}: ${error.message}`);
    throw error;
  }
}
