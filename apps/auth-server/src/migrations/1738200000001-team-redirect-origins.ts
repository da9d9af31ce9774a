import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The origins a team's public `link_url`s may send shoppers back to (issue 32: no open redirect); none by default. */
export class TeamRedirectOrigins1738200000001 implements MigrationInterface {
  name = 'TeamRedirectOrigins1738200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.teams ADD COLUMN redirect_origins text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.teams DROP COLUMN redirect_origins`);
  }
}
