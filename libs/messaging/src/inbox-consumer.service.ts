import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AckPolicy, DeliverPolicy, JetStreamApiError, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { envelopeSchema } from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import {
  DEFAULT_REDELIVERY_BACKOFF_MS,
  EVENT_HANDLERS,
  PermanentEventError,
  redeliveryDelay,
  type EventHandlerDefinition,
} from './event-consumer.js';
import { NatsConnectionService } from './nats-connection.service.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

const CONCURRENCY = 16;

/**
 * Runs this service's durable consumers. Each message is handled in one Postgres transaction that
 * first records its id in the inbox: a redelivered message finds its id and changes nothing.
 * Failures are nak'ed with backoff; after the last delivery the message is dead-lettered (row + log).
 */
@Injectable()
export class InboxConsumerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('InboxConsumer');
  private readonly subscriptions = new Set<ConsumerMessages>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly loops: Promise<void>[] = [];
  private running = false;
  private readonly backoff: number[];
  private readonly maxDeliveries: number;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @Optional()
    @Inject(EVENT_HANDLERS)
    private readonly handlers: EventHandlerDefinition[] = [],
    private readonly dataSource: DataSource,
    private readonly nats: NatsConnectionService,
    private readonly metrics: ServiceMetrics,
  ) {
    this.backoff = options.redeliveryBackoffMs ?? DEFAULT_REDELIVERY_BACKOFF_MS;
    this.maxDeliveries = this.backoff.length + 1;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    for (const handler of this.handlers ?? []) {
      await this.ensureConsumer(handler);
      this.loops.push(this.consumeForever(handler));
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    for (const messages of this.subscriptions) await messages.close().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    await Promise.allSettled(this.loops);
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
      ack_wait: nanos(60_000),
      max_deliver: this.maxDeliveries,
      max_ack_pending: 1_000,
    };
    try {
      await this.nats.jsm.consumers.info(this.options.stream, config.durable_name);
      await this.nats.jsm.consumers.update(this.options.stream, config.durable_name, config);
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      await this.nats.jsm.consumers.add(this.options.stream, config);
    }
  }

  /** Keeps consuming across NATS restarts; re-creates the consumer if the server lost it. */
  private async consumeForever(handler: EventHandlerDefinition): Promise<void> {
    while (this.running) {
      try {
        const consumer = await this.nats.js.consumers.get(this.options.stream, this.durable(handler));
        const messages = await consumer.consume({
          max_messages: CONCURRENCY * 2,
        });
        this.subscriptions.add(messages);
        try {
          for await (const message of messages) {
            while (this.inFlight.size >= CONCURRENCY) await Promise.race(this.inFlight);
            const work = this.handle(handler, message).finally(() => this.inFlight.delete(work));
            this.inFlight.add(work);
          }
        } finally {
          this.subscriptions.delete(messages);
        }
      } catch (error) {
        if (!this.running) break;
        this.logger.warn(`consumer ${this.durable(handler)} interrupted: ${(error as Error).message}; restarting`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await this.ensureConsumer(handler).catch(() => undefined);
      }
    }
  }

  private async handle(handler: EventHandlerDefinition, message: JsMsg): Promise<void> {
    const consumer = this.durable(handler);
    try {
      await this.metrics.observeMessage('event', message.subject, async () => {
        const envelope = this.parse(handler, message);
        await this.dataSource.transaction(async (manager) => {
          const fresh: unknown[] = await manager.query(
            `INSERT INTO "${this.options.schema}".inbox (consumer, message_id) VALUES ($1, $2)
             ON CONFLICT DO NOTHING RETURNING message_id`,
            [consumer, envelope.id],
          );
          if (fresh.length === 0) return; // already handled: a redelivery
          await handler.handle(envelope as never, manager);
        });
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

  private parse(handler: EventHandlerDefinition, message: JsMsg) {
    let raw: unknown;
    try {
      raw = message.json();
    } catch {
      throw new PermanentEventError('message is not JSON');
    }
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success) throw new PermanentEventError(`bad envelope: ${envelope.error.message}`);
    const data = handler.event.data.safeParse(envelope.data.data);
    if (!data.success) throw new PermanentEventError(`bad ${handler.event.subject} data: ${data.error.message}`);
    return { ...envelope.data, data: data.data };
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
