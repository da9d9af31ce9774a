import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BackgroundLoop } from './background-loop.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

/** Rows deleted per statement, so a large backlog never holds long locks. */
export const RETENTION_BATCH = 5_000;
const PASS_EVERY_MS = 60 * 60_000;
export const DEFAULT_RETENTION_DAYS = 30;

/**
 * Keeps this service's messaging tables from growing without bound: inbox ids and dead letters older than
 * `retentionDays` (default 30; a redelivery after that long is outside JetStream's own retention anyway), the
 * service's own `retainedTables` (events-service: webhook events, with their deliveries and attempts), and stored
 * idempotent replies older than a day. One replica works at a time (advisory lock); each statement deletes
 * at most RETENTION_BATCH rows and the pass repeats at once while batches come back full.
 */
@Injectable()
export class MessagingRetentionService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: BackgroundLoop;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly dataSource: DataSource,
  ) {
    this.loop = new BackgroundLoop({ name: 'MessagingRetention', idleMs: PASS_EVERY_MS, pass: () => this.purge() });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass; resolves true when a batch was full (more is waiting). */
  async purge(): Promise<boolean> {
    const schema = this.options.schema;
    const days = this.options.retentionDays ?? DEFAULT_RETENTION_DAYS;
    const targets: Array<[table: string, column: string, age: string]> = [
      ['inbox', 'handled_at', `${days} days`],
      ['dead_letters', 'created_at', `${days} days`],
      ['idempotent_replies', 'created_at', '24 hours'],
      ...(this.options.retainedTables ?? []).map(({ table, column }): [string, string, string] => [
        table,
        column,
        `${days} days`,
      ]),
    ];
    return this.dataSource.transaction(async (tx) => {
      const [{ locked }] = (await tx.query('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked', [
        `cps.retention.${schema}`,
      ])) as Array<{ locked: boolean }>;
      if (!locked) return false;
      let full = false;
      for (const [table, column, age] of targets) {
        const [{ found }] = (await tx.query('SELECT to_regclass($1) AS found', [`"${schema}".${table}`])) as Array<{
          found: string | null;
        }>;
        if (found === null) continue;
        const deleted = (await tx.query(
          `DELETE FROM "${schema}".${table} WHERE ctid IN (
             SELECT ctid FROM "${schema}".${table} WHERE ${column} < now() - $1::interval LIMIT ${RETENTION_BATCH})`,
          [age],
        )) as [unknown, number];
        if (deleted[1] === RETENTION_BATCH) full = true;
      }
      return full;
    });
  }
}
