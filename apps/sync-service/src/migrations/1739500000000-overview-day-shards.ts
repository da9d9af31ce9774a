import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { addDays, counted, rollUpDayFunctions } from './overview-rollup-sql.js';

/** Rows per team, mode, day and retailer: a power of two (the shard is a hash's low bits). */
const SHARDS = 16;

/**
 * The overview's daily figures (1739300000000) had one row per team, mode, UTC day and retailer, which every
 * transaction storing a purchase of that team and day updated and held until its commit: a team's collections waited
 * for each other there, one after another (bench/sync with pg_stat_statements: the summary's one-row INSERT ... ON
 * CONFLICT took 570-770 ms per call, nearly all of it waiting for that row, with 32 pollers storing purchases of one
 * team; issue 34). The figures of a key are now split over 16 rows by the purchase's connection, so two collections
 * wait for each other only when their connections share a shard; readers add the rows up (`sum`, as they did over
 * retailers and days). The figures are rebuilt from the purchases with writes held back, as the first migration did.
 */
export class OverviewDayShards1739500000000 implements MigrationInterface {
  name = 'OverviewDayShards1739500000000';

  async up(q: QueryRunner): Promise<void> {
    await rebuild(q, SHARDS, async () => {
      await q.query(`ALTER TABLE sync.overview_days ADD COLUMN shard smallint NOT NULL DEFAULT 0`);
      await q.query(`ALTER TABLE sync.overview_days DROP CONSTRAINT overview_days_pkey`);
      await q.query(`ALTER TABLE sync.overview_days ADD PRIMARY KEY (team_id, is_simulated, day, retailer_id, shard)`);
    });
  }

  async down(q: QueryRunner): Promise<void> {
    await rebuild(q, 1, async () => {
      await q.query(`ALTER TABLE sync.overview_days DROP CONSTRAINT overview_days_pkey`);
      await q.query(`ALTER TABLE sync.overview_days DROP COLUMN shard`);
      await q.query(`ALTER TABLE sync.overview_days ADD PRIMARY KEY (team_id, is_simulated, day, retailer_id)`);
    });
  }
}

/** Holds writes of purchases and connections back, reshapes the table, and fills it again from the purchases. */
async function rebuild(q: QueryRunner, shards: number, reshape: () => Promise<void>): Promise<void> {
  await q.query(`LOCK TABLE sync.purchases, sync.connections IN SHARE ROW EXCLUSIVE MODE`);
  await q.query(`DELETE FROM sync.overview_days`);
  await reshape();
  for (const sql of rollUpDayFunctions(shards)) await q.query(sql);
  await q.query(
    addDays(
      `SELECT p.*, 1 AS sign FROM sync.purchases p JOIN sync.connections c ON c.id = p.connection_id
        WHERE ${counted('p', 'c')}`,
      shards,
    ),
  );
}
