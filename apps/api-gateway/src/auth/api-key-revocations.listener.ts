import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import { AuthContracts, envelopeSchema } from '@cps/contracts';
import { NatsConnectionService } from '@cps/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { ApiKeyCache } from './api-key-cache.js';

const RETRY_MS = 1_000;

/**
 * Follows `auth.api-key.revoked.v1` with an ordered (ephemeral, per-process) JetStream consumer, so every
 * gateway replica hears every revocation; a durable consumer would share them out between replicas.
 * The API key cache is only used while this feed is live.
 */
@Injectable()
export class ApiKeyRevocationsListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ApiKeyRevocations');
  private running = false;
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;

  constructor(
    private readonly nats: NatsConnectionService,
    private readonly cache: ApiKeyCache,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'EVENTS_STREAM'>,
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
    const envelope = envelopeSchema.safeParse(raw);
    const data = envelope.success ? AuthContracts.apiKeyRevoked.data.safeParse(envelope.data.data) : undefined;
    if (!data?.success) {
      this.logger.warn('ignoring a malformed api-key revocation event');
      return;
    }
    const dropped = this.cache.evictKey(data.data.keyId);
    this.logger.log(`api key ${data.data.keyId} revoked; ${dropped} cached verdict(s) dropped`);
  }

  private async subscribe(): Promise<ConsumerMessages> {
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

  private async run(first: ConsumerMessages | undefined): Promise<void> {
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
