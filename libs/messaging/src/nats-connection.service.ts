import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServerOptions } from './nats-servers.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

/**
 * The process's NATS connection for JetStream and broadcast subscriptions (RpcClient sends through Nest's
 * ClientProxy on a connection of its own). It reconnects forever: a NATS outage makes the service not ready,
 * never dead.
 */
@Injectable()
export class NatsConnectionService implements OnApplicationShutdown {
  private readonly logger = new Logger('Nats');
  private connection?: NatsConnection;
  private manager?: JetStreamManager;
  private connected = false;

  constructor(@Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions) {}

  /** Connects (waiting for a first connection as long as it takes); called once at module init. */
  async connect(): Promise<void> {
    if (this.connection) return;
    this.connection = await connect({
      ...natsServerOptions(this.options.natsUrl),
      name: this.options.service,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
      pingInterval: 10_000,
      // A request (every JetStream publish and pull) otherwise builds an Error up front for the caller's stack in
      // case it times out, on every publish and pull (bench/sync README). Its errors still
      // name the subject; callers add their own context.
      noAsyncTraces: true,
    });
    this.connected = true;
    void this.watchStatus(this.connection);
    const connection = this.connection;
    this.manager = await this.untilJetStream('JetStream', () => jetstreamManager(connection, { timeout: 10_000 }));
  }

  /**
   * Runs a JetStream step at start-up until JetStream answers it: a new cluster elects its meta leader seconds after
   * its servers answer (a first install starts the apps alongside NATS; tests/rendered-run saw the step time out
   * under load and the app exit). As for the connection itself, waiting keeps the service not ready, never dead.
   */
  async untilJetStream<T>(what: string, step: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await step();
      } catch (error) {
        if (!this.connection || this.connection.isClosed() || !retryable(error)) throw error;
        if (attempt === 1 || attempt % 10 === 0) {
          this.logger.warn(`${what} did not answer (${(error as Error).message}, attempt ${attempt}); retrying`);
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  private async watchStatus(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.logger.warn('disconnected from NATS; reconnecting');
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.logger.log('reconnected to NATS');
      }
    }
  }

  get nc(): NatsConnection {
    if (!this.connection) throw new Error('NATS is not connected yet');
    return this.connection;
  }

  get js(): JetStreamClient {
    return jetstream(this.nc, { timeout: 10_000 });
  }

  get jsm(): JetStreamManager {
    if (!this.manager) throw new Error('NATS is not connected yet');
    return this.manager;
  }

  isConnected(): boolean {
    return this.connected && !!this.connection && !this.connection.isClosed();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.connection || this.connection.isClosed()) return;
    // drain() flushes what was published and lets in-flight subscriptions finish.
    await this.connection.drain().catch(() => this.connection?.close());
  }
}

/** A timeout, no responders, or JetStream's "temporarily unavailable" (503): JetStream is not there yet. */
function retryable(error: unknown): boolean {
  if (error instanceof JetStreamApiError) return error.status === 503;
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'NoRespondersError' || /timeout|no responders|503/i.test(String(error));
}
