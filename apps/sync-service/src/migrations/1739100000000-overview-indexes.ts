import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The dashboard overview (`sync.team-overview.v1`) aggregates a team's purchases of one mode over a date range and
 * its connection activity over the same range: both read by team and time without touching the table rows where
 * the index holds what is summed.
 */
export class OverviewIndexes1739100000000 implements MigrationInterface {
  name = 'OverviewIndexes1739100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX purchases_team_mode_date_idx ON sync.purchases (team_id, is_simulated, date)
        INCLUDE (connection_id, retailer_id, total)`,
    );
    await q.query(`CREATE INDEX purchase_items_purchase_quantity_idx ON sync.purchase_items (purchase_id) INCLUDE (quantity)`);
    await q.query(`CREATE INDEX connection_activity_team_time_idx ON sync.connection_activity (team_id, occurred_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sync.connection_activity_team_time_idx`);
    await q.query(`DROP INDEX sync.purchase_items_purchase_quantity_idx`);
    await q.query(`DROP INDEX sync.purchases_team_mode_date_idx`);
  }
}
