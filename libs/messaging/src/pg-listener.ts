import { type Logger } from '@nestjs/common';
import { Client } from 'pg';
import { currentListenStatus } from '@cps/observability';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

interface PgListenerOptions {
  connectionString: string;
  channel: string;
  applicationName: string;
  /** A notification arrived, or the session was (re)established and notifications may have been missed. */
  onWake: () => void;
  logger: Logger;
}

/**
 * A Postgres LISTEN session that heals: after any error or end of its connection (a terminated backend, a
 * restart, a network cut) it reconnects with backoff (0.1 s doubling to 5 s) and listens again. The loss and
 * the recovery are logged once each; its app's `ListenStatus` carries the state to `/metrics` and `/readyz`.
 */
export class PgListener {
  private client?: Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private failures = 0;
  private lostAt?: number;
  private everConnected = false;
  /** Its app's sessions (taken when built: the app scope, when several apps share the process). */
  private readonly status = currentListenStatus();

  constructor(private readonly options: PgListenerOptions) {}

  start(): void {
    this.status.report(this, this.options.channel, false);
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.status.forget(this);
    const client = this.client;
    this.client = undefined;
    // Closing on purpose: an error of a connection being closed says nothing about the service.
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { connectionString, channel, applicationName, onWake } = this.options;
    const client = new Client({ connectionString, application_name: applicationName, keepAlive: true });
    this.client = client;
    client.on('notification', (notification) => {
      if (notification.channel === channel) onWake();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return; // lost or stopped meanwhile
    this.failures = 0;
    if (this.lostAt !== undefined) {
      this.options.logger.log(`LISTEN ${channel} restored after ${((Date.now() - this.lostAt) / 1000).toFixed(1)} s`);
    }
    this.lostAt = undefined;
    this.everConnected = true;
    this.status.report(this, channel, true);
    onWake(); // notifications sent while the session was down are gone: look for work now
  }

  /** Handles the loss of `client` once (later events of a discarded connection find it replaced). */
  private lost(client: Client, error: Error): void {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    void client.end().catch(() => undefined); // already broken; ending it only frees the socket
    this.status.report(this, this.options.channel, false);
    if (this.lostAt === undefined) {
      this.lostAt = Date.now();
      this.options.logger.warn(
        `LISTEN ${this.options.channel} ${this.everConnected ? 'lost' : 'unavailable'}: ${error.message}; polling only, reconnecting`,
      );
    }
    const delay = Math.min(FIRST_RETRY_MS * 2 ** this.failures, MAX_RETRY_MS);
    this.failures += 1;
    this.retry = setTimeout(() => void this.connect(), delay);
  }
}
