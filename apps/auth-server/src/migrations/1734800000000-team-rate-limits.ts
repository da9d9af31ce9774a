import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A team's own REST API rate limit (null: the gateway's default), set by an operator. */
export class TeamRateLimits1734800000000 implements MigrationInterface {
  name = 'TeamRateLimits1734800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.teams
      ADD COLUMN rate_limit_per_minute integer CHECK (rate_limit_per_minute > 0),
      ADD COLUMN rate_limit_burst integer CHECK (rate_limit_burst > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.teams DROP COLUMN rate_limit_per_minute, DROP COLUMN rate_limit_burst`);
  }
}
