import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Disconnected connectors (`auth.mcp-connector.disconnected.v1`): the latest revocation of each (client, team) grant.
 * mcp-server refuses an access token of the pair issued at or before it (ConnectorRevocations). Not team data for
 * `ask`: `cps_mcp_query` has no right on it.
 */
export class ConnectorRevocations1736300000000 implements MigrationInterface {
  name = 'ConnectorRevocations1736300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mcp.connector_revocations (
      client_id text NOT NULL,
      team_id text NOT NULL,
      revoked_at timestamptz NOT NULL,
      PRIMARY KEY (client_id, team_id)
    )`);
    await q.query(`CREATE INDEX connector_revocations_time_idx ON mcp.connector_revocations (revoked_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mcp.connector_revocations`);
  }
}
