import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DeliverPolicy } from '@nats-io/jetstream';
import { AuthContracts, Envelope, toMessage, TOLERANT_VALIDATOR_OPTIONS } from '@cps/contracts';
import { type GatewayConfig } from '../gateway-config.js';
import { ApiKeyCache } from './api-key-cache.js';

const RETRY_MS = 1_000;

/** An ordered consumer's messages, as the listener reads them. */
export interface RevocationMessages extends AsyncIterable<{ json(): unknown }> {
  close(): Promise<unknown>;
}

/** What the listener uses of the NATS connection (NatsConnectionService): an ordered JetStream consumer. */
export interface OrderedConsumers {
  js: {
    consumers: {
      get(
        stream: string,
        options: { filter_subjects: string; deliver_policy: DeliverPolicy },
      ): Promise<{ consume(): Promise<RevocationMessages> }>;
    };
  };
}

/**
 * Follows `auth.api-key.revoked.v1` with an ordered (ephemeral, per-process) JetStream consumer, so every
 * gateway replica hears every revocation; a durable consumer would share them out between replicas.
 * The API key cache is only used while this feed is live.
 */
@Injectable()
export class ApiKeyRevocationsListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ApiKeyRevocations');
  private running = false;
  private messages?: RevocationMessages;
  private loop?: Promise<void>;

  constructor(
    private readonly nats: OrderedConsumers,
    private readonly cache: ApiKeyCache,
    private readonly config: Pick<GatewayConfig, 'EVENTS_STREAM'>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    // Subscribe before serving, so a revocation made after start-up is never missed.
    const first = await this.subscribe().catch((error: Error) => {
      this.logger.warn(`revocation feed not available yet: ${error.message}`);
      return undefined;
    });
    this.loop = this.run(first);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.cache.suspend();
    await this.messages?.close().catch(() => undefined);
    await this.loop;
  }

  /** Applies one revocation message; malformed ones are logged and skipped. */
  handle(raw: unknown): void {
    let keyId: string;
    try {
      // Tolerant: a field auth-server adds later must not make the gateway miss a revocation.
      const envelope = toMessage(Envelope, raw, TOLERANT_VALIDATOR_OPTIONS);
      ({ keyId } = toMessage(AuthContracts.apiKeyRevoked.data, envelope.data, TOLERANT_VALIDATOR_OPTIONS));
    } catch {
      this.logger.warn('ignoring a malformed api-key revocation event');
      return;
    }
    const dropped = this.cache.evictKey(keyId);
    this.logger.log(`api key ${keyId} revoked; ${dropped} cached verdict(s) dropped`);
  }

  private async subscribe(): Promise<RevocationMessages> {
    const consumer = await this.nats.js.consumers.get(this.config.EVENTS_STREAM, {
      // One subject as a string (`filter_subject`): the array form needs nats-server 2.10.
      filter_subjects: AuthContracts.apiKeyRevoked.subject,
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    this.messages = messages;
    this.cache.resume();
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
        if (this.running) this.logger.warn(`revocation feed interrupted: ${(error as Error).message}`);
      }
      messages = undefined;
      // Revocations may have been missed while the feed was down: trust nothing cached until it is back.
      this.cache.suspend();
      if (this.running) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
