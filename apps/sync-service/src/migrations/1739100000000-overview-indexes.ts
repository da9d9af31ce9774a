import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '@cps/persistence';

/**
 * The dashboard overview (`sync.team-overview.v1`) counts a team's new links and disconnections in a date range from
 * its connection activity, read by team and time (its purchases: 1739200000000). Built concurrently, outside a
 * transaction, so collection goes on during a rollout.
 */
export class OverviewIndexes1739100000000 implements MigrationInterface {
  name = 'OverviewIndexes1739100000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await createIndexConcurrently(
      q,
      'sync.connection_activity_team_time_idx',
      'sync.connection_activity (team_id, occurred_at)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS sync.connection_activity_team_time_idx`);
  }
}
