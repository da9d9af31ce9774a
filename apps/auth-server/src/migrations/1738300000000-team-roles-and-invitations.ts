import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Dashboard roles and invitations (issue #33): every membership has a role (existing members were all allowed
 * everything, so they become owners); an invitation keeps only the SHA-256 of its link's secret, and is used once
 * before it expires.
 */
export class TeamRolesAndInvitations1738300000000 implements MigrationInterface {
  name = 'TeamRolesAndInvitations1738300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.memberships
      ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'developer', 'viewer'))`);
    await q.query(`CREATE TABLE auth.invitations (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES auth.teams (id) ON DELETE CASCADE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'developer', 'viewer')),
      token_hash text NOT NULL UNIQUE,
      invited_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz
    )`);
    await q.query(`CREATE INDEX invitations_team_idx ON auth.invitations (team_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.invitations`);
    await q.query(`ALTER TABLE auth.memberships DROP COLUMN role`);
  }
}
