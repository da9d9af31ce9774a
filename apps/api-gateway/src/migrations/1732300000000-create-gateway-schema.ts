import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateGatewaySchema1732300000000 implements MigrationInterface {
  name = 'CreateGatewaySchema1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS gateway`);
    // Replays of requests sent with X-Service-Idempotency-Key: the first answer is stored and returned again
    // for an identical request (same hash); a different request under the same key is refused.
    await q.query(`CREATE TABLE gateway.idempotency_keys (
      team_id text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      response_status integer NOT NULL,
      response_body jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, key)
    )`);
    await q.query(`CREATE INDEX idempotency_keys_created_idx ON gateway.idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA gateway CASCADE`);
  }
}
