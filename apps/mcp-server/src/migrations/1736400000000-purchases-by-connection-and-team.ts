import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The projection finds a connection's purchases by connection and team (`applySharing`, `purgeSimulated`). With
 * the connection alone in the index, a planner without statistics (a new database, a team new to a large table)
 * rated it no better than the team's indexes and read every purchase of the team instead; an index on both
 * matches the whole condition and is taken on any statistics (mcp-server test sharing-plan).
 */
export class PurchasesByConnectionAndTeam1736400000000 implements MigrationInterface {
  name = 'PurchasesByConnectionAndTeam1736400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mcp.purchases_connection_idx`);
    await q.query(`CREATE INDEX purchases_connection_idx ON mcp.purchases (connection_id, team_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mcp.purchases_connection_idx`);
    await q.query(`CREATE INDEX purchases_connection_idx ON mcp.purchases (connection_id)`);
  }
}
