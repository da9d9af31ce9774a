import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DeliverPolicy } from '@nats-io/jetstream';
import { toEnvelope, toMessage, TOLERANT_VALIDATOR_OPTIONS } from '@cps/contracts';

const RETRY_MS = 1_000;

/** An ordered consumer's messages, as a feed reads them. */
export interface RevocationMessages extends AsyncIterable<{ json(): unknown }> {
  close(): Promise<unknown>;
}

/** Where an ordered consumer starts: new messages only, or those stored since a moment. */
export interface FeedStart {
  deliver_policy: DeliverPolicy;
  opt_start_time?: string;
}

/** What a feed uses of the NATS connection (NatsConnectionService): an ordered JetStream consumer. */
export interface OrderedConsumers {
  js: {
    consumers: {
      get(
        stream: string,
        options: { filter_subjects: string } & FeedStart,
      ): Promise<{ consume(): Promise<RevocationMessages> }>;
    };
  };
}

/**
 * Follows one event subject with an ordered (ephemeral, per-process) JetStream consumer, so every gateway replica
 * hears every event (a durable consumer would share them out between replicas). Subscribes before the gateway
 * serves, re-subscribes after any interruption; `followed` tells the subclass when events may have been missed.
 */
export abstract class OrderedEventFeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected readonly logger: Logger;
  private running = false;
  private messages?: RevocationMessages;
  private loop?: Promise<void>;

  constructor(
    private readonly nats: OrderedConsumers,
    private readonly stream: string,
    private readonly subject: string,
    name: string,
  ) {
    this.logger = new Logger(name);
  }

  /** Applies one message's JSON (undefined when it was not JSON). */
  abstract handle(raw: unknown): void;

  /**
   * The event's data as `data` reads it, tolerantly (a field the publisher adds later must not make a replica miss
   * the event); undefined, logged as a malformed `what`, when it is not one.
   */
  protected read<T extends object>(data: new () => T, raw: unknown, what: string): T | undefined {
    try {
      return toMessage(data, toEnvelope(raw).data, TOLERANT_VALIDATOR_OPTIONS);
    } catch {
      this.logger.warn(`ignoring a malformed ${what} event`);
      return undefined;
    }
  }

  /** Where a (re)subscription starts. */
  protected start(): FeedStart {
    return { deliver_policy: DeliverPolicy.New };
  }

  /** Told `true` once a (re)subscription is live, `false` whenever it drops: events may be missed until it is back. */
  protected followed(_live: boolean): void {}

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    const first = await this.subscribe().catch((error: Error) => {
      this.logger.warn(`${this.subject} feed not available yet: ${error.message}`);
      return undefined;
    });
    this.loop = this.run(first);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.followed(false);
    await this.messages?.close().catch(() => undefined);
    await this.loop;
  }

  private async subscribe(): Promise<RevocationMessages> {
    // One subject as a string (`filter_subject`): the array form needs nats-server 2.10.
    const consumer = await this.nats.js.consumers.get(this.stream, { filter_subjects: this.subject, ...this.start() });
    const messages = await consumer.consume();
    this.messages = messages;
    this.followed(true);
    return messages;
  }

  private async run(first: RevocationMessages | undefined): Promise<void> {
    let messages = first;
    while (this.running) {
      try {
        messages ??= await this.subscribe();
        for await (const message of messages) {
          let raw: unknown;
          try {
            raw = message.json();
          } catch {
            raw = undefined;
          }
          this.handle(raw);
        }
      } catch (error) {
        if (this.running) this.logger.warn(`${this.subject} feed interrupted: ${(error as Error).message}`);
      }
      messages = undefined;
      this.followed(false);
      if (this.running) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
