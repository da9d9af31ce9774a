import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ServiceMetrics } from '@cps/observability';
import { NatsConnectionService } from './nats-connection.service.js';
import { outboxChannel } from './outbox.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

const BATCH = 200;
const IDLE_POLL_MS = 1_000;
const RETENTION = '1 day';

interface OutboxRow {
  id: string;
  subject: string;
  envelope: Record<string, unknown>;
  created_at: Date;
}

/**
 * Publishes outbox rows to JetStream with the row id as `Nats-Msg-Id` (JetStream drops duplicates),
 * then marks them published. Rows are claimed with SKIP LOCKED, so several replicas share the work.
 * A NATS outage leaves rows in place; they go out when NATS is back.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private listener?: Client;
  private lastCleanup = 0;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly dataSource: DataSource,
    private readonly nats: NatsConnectionService,
    private readonly metrics: ServiceMetrics,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    void this.listen();
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    // Best effort: the poll interval covers a lost LISTEN connection.
    try {
      const { url } = this.dataSource.options as { url: string };
      this.listener = new Client({
        connectionString: url,
        application_name: `${this.options.schema}-outbox-listen`,
      });
      this.listener.on('error', () => undefined);
      this.listener.on('notification', () => this.wake?.());
      await this.listener.connect();
      await this.listener.query(`LISTEN ${outboxChannel(this.options.schema)}`);
    } catch (error) {
      this.logger.warn(`outbox LISTEN unavailable, polling only: ${(error as Error).message}`);
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let published = 0;
      try {
        published = await this.publishBatch();
        failures = 0;
        await this.cleanup();
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 30 === 0) {
          this.logger.warn(`outbox publish failed (${failures}x), will retry: ${(error as Error).message}`);
        }
      }
      if (published < BATCH) await this.sleep(failures ? Math.min(500 * failures, 5_000) : IDLE_POLL_MS);
    }
  }

  /** Publishes one batch; returns how many rows went out. */
  async publishBatch(): Promise<number> {
    const { schema } = this.options;
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, subject, envelope, created_at FROM "${schema}".outbox
          WHERE published_at IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return 0;
      const js = this.nats.js;
      const results = await Promise.allSettled(
        rows.map((row) =>
          js.publish(row.subject, JSON.stringify(row.envelope), {
            msgID: row.id,
            timeout: 5_000,
          }),
        ),
      );
      const done = rows.filter((_, index) => results[index]?.status === 'fulfilled');
      if (done.length > 0) {
        await manager.query(`UPDATE "${schema}".outbox SET published_at = now() WHERE id = ANY($1)`, [
          done.map((row) => row.id),
        ]);
        const now = Date.now();
        for (const row of done) this.metrics.outboxLag.observe((now - new Date(row.created_at).getTime()) / 1000);
        this.metrics.outboxPublished.inc(done.length);
      }
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      return done.length;
    });
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 10 * 60_000) return;
    this.lastCleanup = Date.now();
    await this.dataSource.query(
      `DELETE FROM "${this.options.schema}".outbox WHERE published_at < now() - interval '${RETENTION}'`,
    );
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
