import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Data-query connectors (MCP clients, ADR 0016): public clients registered by Dynamic Client Registration
 * (RFC 7591) or known by their Client ID Metadata Document, and their refresh tokens, one chain per
 * (client, team). A grant's client may now be a connector, so grant_teams no longer points at partner_apps.
 */
export class ConnectorClients1735300000000 implements MigrationInterface {
  name = 'ConnectorClients1735300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE auth.connector_clients (
      client_id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('registered', 'metadata_document')),
      name text NOT NULL,
      redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
      registered_by text,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz
    )`);
    await q.query(
      `CREATE INDEX connector_clients_registered_by_idx ON auth.connector_clients (registered_by, created_at)`,
    );
    await q.query(
      `CREATE INDEX connector_clients_unused_idx ON auth.connector_clients (created_at) WHERE last_used_at IS NULL`,
    );
    await q.query(`CREATE TABLE auth.connector_tokens (
      id text PRIMARY KEY,
      client_id text NOT NULL REFERENCES auth.connector_clients (client_id) ON DELETE CASCADE,
      team_id text NOT NULL REFERENCES auth.teams (id),
      user_id text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      scope text NOT NULL,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      rotated_at timestamptz,
      revoked_at timestamptz
    )`);
    await q.query(`CREATE INDEX connector_tokens_connector_idx ON auth.connector_tokens (client_id, team_id)`);
    await q.query(`ALTER TABLE auth.grant_teams DROP CONSTRAINT grant_teams_client_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.connector_tokens`);
    await q.query(`DROP TABLE auth.connector_clients`);
  }
}
