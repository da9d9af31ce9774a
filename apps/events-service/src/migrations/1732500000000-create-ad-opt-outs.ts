import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateAdOptOuts1732500000000 implements MigrationInterface {
  name = 'CreateAdOptOuts1732500000000';

  async up(q: QueryRunner): Promise<void> {
    // A shopper's ad-sharing opt-out per team. Only the SHA-256 of the normalised email (trimmed,
    // lower-cased) is kept, never the email itself. Irreversible through the API: no deletes.
    await q.query(`CREATE TABLE events.ad_opt_outs (
      team_id text NOT NULL,
      email_hash text NOT NULL CHECK (email_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, email_hash)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE events.ad_opt_outs`);
  }
}
