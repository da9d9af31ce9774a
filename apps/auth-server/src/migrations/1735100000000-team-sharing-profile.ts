import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What the hosted link flow's consent step shows of a team: the name shoppers see (null: the team's name), its
 * privacy page (null: none) and the history window it asks for (whole days before the first link).
 */
export class TeamSharingProfile1735100000000 implements MigrationInterface {
  name = 'TeamSharingProfile1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.teams
      ADD COLUMN display_name text,
      ADD COLUMN privacy_policy_url text,
      ADD COLUMN history_window_days integer NOT NULL DEFAULT 365
        CHECK (history_window_days BETWEEN 0 AND 3650)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE auth.teams DROP COLUMN display_name, DROP COLUMN privacy_policy_url, DROP COLUMN history_window_days`,
    );
  }
}
