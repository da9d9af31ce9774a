import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Deleted connections in the read model (`sync.connection.deleted.v1`). The projection removes a deleted
 * connection's purchases and items and keeps the connection as a tombstone (`deleted_at`), so a purchase of it
 * projected later (another consumer, another order) is not shown again. Row-level security hides tombstones from
 * every `ask` statement, as the REST API no longer shows the connection.
 */
export class DeletedConnections1736500000000 implements MigrationInterface {
  name = 'DeletedConnections1736500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mcp.connections ADD COLUMN deleted_at timestamptz`);
    await q.query(`DROP POLICY connections_team ON mcp.connections`);
    await q.query(`CREATE POLICY connections_team ON mcp.connections FOR SELECT TO cps_mcp_query
      USING (team_id = current_setting('mcp.team_id', true) AND deleted_at IS NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP POLICY connections_team ON mcp.connections`);
    await q.query(`CREATE POLICY connections_team ON mcp.connections FOR SELECT TO cps_mcp_query
      USING (team_id = current_setting('mcp.team_id', true))`);
    await q.query(`ALTER TABLE mcp.connections DROP COLUMN deleted_at`);
  }
}
