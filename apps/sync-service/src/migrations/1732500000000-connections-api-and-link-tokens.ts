import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class ConnectionsApiAndLinkTokens1732500000000 implements MigrationInterface {
  name = 'ConnectionsApiAndLinkTokens1732500000000';

  async up(q: QueryRunner): Promise<void> {
    // DELETE /connections/{id} is a soft delete: the activity log (which references the connection) keeps
    // its `connection_deleted` entry, and every read filters on deleted_at IS NULL.
    await q.query(`ALTER TABLE sync.connections ADD COLUMN deleted_at timestamptz`);
    // GET /connections: newest first, ties broken by id, within one team.
    await q.query(
      `CREATE INDEX connections_team_created_idx ON sync.connections (team_id, created_at DESC, id DESC)
         WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX connections_team_customer_idx ON sync.connections (team_id, customer_id)`);
    // Link tokens: only the SHA-256 of the raw token is kept, except for requests with an idempotency
    // key, whose raw token is kept sealed (AES-256-GCM) so an identical retry can return it again.
    await q.query(`CREATE TABLE sync.link_tokens (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      customer_id text NOT NULL CHECK (length(customer_id) BETWEEN 1 AND 64),
      email text,
      mobile text,
      tags jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      idempotency_key text,
      request_hash text CHECK (request_hash ~ '^[0-9a-f]{64}$'),
      token_sealed text,
      CHECK (expires_at > created_at),
      CHECK ((idempotency_key IS NULL) = (request_hash IS NULL)),
      CHECK ((idempotency_key IS NULL) = (token_sealed IS NULL)),
      -- NULL keys never collide: requests without a key always create a token.
      UNIQUE (team_id, idempotency_key)
    )`);
    await q.query(
      `CREATE INDEX link_tokens_team_customer_idx ON sync.link_tokens (team_id, customer_id, created_at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sync.link_tokens`);
    await q.query(`DROP INDEX sync.connections_team_customer_idx`);
    await q.query(`DROP INDEX sync.connections_team_created_idx`);
    await q.query(`ALTER TABLE sync.connections DROP COLUMN deleted_at`);
  }
}
