import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import { ServiceMetrics } from '@cps/observability';
import { GroupCommit } from '@cps/persistence';
import { BackgroundLoop } from './background-loop.js';
import { NatsConnectionService } from './nats-connection.service.js';
import { outboxChannel } from './outbox.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

const BATCH = 200;
const IDLE_POLL_MS = 1_000;
const PUBLISH_TIMEOUT_MS = 5_000;
const RETENTION = '1 day';

export interface OutboxRow {
  id: string;
  subject: string;
  envelope: { teamId?: string } & Record<string, unknown>;
  /** The aggregate whose events must keep their order (`EventMeta.orderingKey`); null: the whole team's. */
  ordering_key: string | null;
  created_at: Date;
}

/**
 * Publishes outbox rows to JetStream with the row id as `Nats-Msg-Id`, and marks each row published as soon
 * as JetStream acknowledged it, so a failed publish leaves only the rows it concerns pending.
 *
 * - One relay per schema works at a time (a session advisory lock held for one pass, never a transaction):
 *   replicas take over from each other between passes, and no two relays publish the same row.
 * - Rows are published outside any transaction, in the order `publicationPlan` gives: an event is published only
 *   after every earlier event of its team that shares its ordering key, or that it or they order against the whole
 *   team (no key), was acknowledged; a failure stops those later events. So consumers never see an event before
 *   an earlier one of the same aggregate, nor on either side of a team-wide event out of order; aggregates and
 *   teams are published concurrently.
 * - A NATS outage leaves rows in place; they go out when NATS is back. A crash between an ack and its mark
 *   republishes that row, which JetStream drops as a duplicate (10-minute window).
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: BackgroundLoop;
  private lastCleanup = 0;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly dataSource: DataSource,
    private readonly nats: NatsConnectionService,
    private readonly metrics: ServiceMetrics,
  ) {
    this.loop = new BackgroundLoop({
      name: 'OutboxRelay',
      idleMs: IDLE_POLL_MS,
      pass: async () => {
        const published = await this.publishBatch();
        await this.cleanup();
        return published === BATCH;
      },
      listen: {
        connectionString: (dataSource.options as { url: string }).url,
        channel: outboxChannel(options.schema),
        applicationName: `${options.schema}-outbox-listen`,
      },
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /**
   * Publishes one batch (at most 200 rows); returns how many rows went out, 0 when another relay of this schema
   * is publishing. Throws after marking what was published when some publish failed.
   */
  async publishBatch(): Promise<number> {
    const session = this.dataSource.createQueryRunner();
    await session.connect();
    const lockKey = `cps.outbox-relay.${this.options.schema}`;
    let unlocked = true;
    try {
      const [{ locked }] = (await session.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [
        lockKey,
      ])) as Array<{ locked: boolean }>;
      if (!locked) return 0;
      unlocked = false;
      try {
        return await this.publishClaimed(session);
      } finally {
        await session
          .query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [lockKey])
          .then(() => (unlocked = true))
          .catch(() => undefined);
      }
    } finally {
      // A session whose unlock failed goes back to no one: the pool drops it and the lock ends with it.
      const runner = session as QueryRunner & { releasePostgresConnection?: (error?: Error) => Promise<void> };
      if (unlocked || !runner.releasePostgresConnection) await session.release();
      else await runner.releasePostgresConnection(new Error('outbox relay lock not released'));
    }
  }

  private async publishClaimed(session: QueryRunner): Promise<number> {
    const { schema } = this.options;
    const rows = (await session.query(
      `SELECT id, subject, envelope, ordering_key, created_at FROM "${schema}".outbox
        WHERE published_at IS NULL ORDER BY id LIMIT ${BATCH}`,
    )) as OutboxRow[];
    if (rows.length === 0) return 0;

    // Acknowledged rows are marked published right after their acks: the ids acked while an UPDATE runs go in the
    // next one, so a burst costs a few statements, not one per row. A failed mark leaves rows pending (republished
    // later, dropped by JetStream as duplicates) and fails the pass once its publishes are done.
    const marks = new GroupCommit<string, void>({
      onFailure: 'fail',
      write: async (ids) => {
        await session.query(`UPDATE "${schema}".outbox SET published_at = now() WHERE id = ANY($1)`, [ids]);
        return ids.map(() => undefined);
      },
    });
    const marked: Array<Promise<void>> = [];
    const failures: Error[] = [];
    let published = 0;
    const js = this.nats.js;
    const publishChain = async (chain: OutboxRow[]): Promise<boolean> => {
      for (const row of chain) {
        try {
          await js.publish(row.subject, JSON.stringify(row.envelope), { msgID: row.id, timeout: PUBLISH_TIMEOUT_MS });
        } catch (error) {
          failures.push(error as Error);
          return false; // the chain's later rows wait for this one
        }
        marked.push(marks.submit(row.id));
        published += 1;
        this.metrics.outboxLag.observe((Date.now() - new Date(row.created_at).getTime()) / 1000);
        this.metrics.outboxPublished.inc();
      }
      return true;
    };
    await Promise.all(
      publicationPlan(rows).map(async (steps) => {
        for (const chains of steps) {
          const done = await Promise.all(chains.map(publishChain));
          if (done.includes(false)) return; // the team's later steps wait
        }
      }),
    );
    const markFailure = (await Promise.allSettled(marked)).find((result) => result.status === 'rejected');
    if (markFailure) throw markFailure.reason;
    if (failures.length > 0) {
      throw new Error(
        `${failures.length} of ${rows.length} outbox rows not published (their teams' later rows wait): ${failures[0]!.message}`,
      );
    }
    return published;
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 10 * 60_000) return;
    this.lastCleanup = Date.now();
    await this.dataSource.query(
      `DELETE FROM "${this.options.schema}".outbox WHERE published_at < now() - interval '${RETENTION}'`,
    );
  }
}

/**
 * How a batch (rows in id order) is published: per team, steps one after the other; a step's chains concurrently;
 * a chain's rows one after the other. A run of rows with ordering keys is one step with a chain per key; a row
 * without a key is a step of its own, so it waits for all earlier rows of its team and all later ones wait for it.
 * (Events without a team form one team of their own.)
 */
export function publicationPlan<R extends Pick<OutboxRow, 'envelope' | 'ordering_key'>>(rows: readonly R[]): R[][][][] {
  const teams = new Map<string, R[][][]>();
  for (const row of rows) {
    const team = row.envelope.teamId ?? '';
    let steps = teams.get(team);
    if (!steps) teams.set(team, (steps = []));
    if (row.ordering_key === null) {
      steps.push([[row]]);
      continue;
    }
    let last = steps.at(-1);
    if (!last || last[0]![0]!.ordering_key === null) steps.push((last = []));
    const chain = last.find((candidate) => candidate[0]!.ordering_key === row.ordering_key);
    if (chain) chain.push(row);
    else last.push([row]);
  }
  return [...teams.values()];
}
