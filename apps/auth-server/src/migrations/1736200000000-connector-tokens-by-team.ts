import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The dashboard lists a team's connectors: the grants not revoked, by team. */
export class ConnectorTokensByTeam1736200000000 implements MigrationInterface {
  name = 'ConnectorTokensByTeam1736200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX connector_tokens_live_by_team_idx ON auth.connector_tokens (team_id) WHERE revoked_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX auth.connector_tokens_live_by_team_idx`);
  }
}
