import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `Idempotency-Key` on every POST, PATCH and PUT (ADR 0011): the first request's answer per (caller, key), or the
 * claim of a request still running (`locked_until`). Replaces the never-used `idempotency_keys`.
 */
export class IdempotentRequests1734600000000 implements MigrationInterface {
  name = 'IdempotentRequests1734600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE gateway.idempotency_keys');
    await q.query(`CREATE TABLE gateway.idempotent_requests (
      scope text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      status integer,
      body json,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key)
    )`);
    await q.query('CREATE INDEX idempotent_requests_created_idx ON gateway.idempotent_requests (created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE gateway.idempotent_requests');
    await q.query(`CREATE TABLE gateway.idempotency_keys (
      team_id text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      response_status integer NOT NULL,
      response_body jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, key)
    )`);
  }
}
