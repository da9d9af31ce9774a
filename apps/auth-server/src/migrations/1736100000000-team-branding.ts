import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What shoppers see of a team: its logo (null: none), and a bound on the display name that TeamSharingProfile added
 * (null: the team's name).
 */
export class TeamBranding1736100000000 implements MigrationInterface {
  name = 'TeamBranding1736100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.teams
      ADD CONSTRAINT teams_display_name_length CHECK (char_length(display_name) BETWEEN 1 AND 100),
      ADD COLUMN logo_url text CHECK (logo_url LIKE 'https://%' AND char_length(logo_url) <= 2048)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.teams DROP CONSTRAINT teams_display_name_length, DROP COLUMN logo_url`);
  }
}
