import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { outboxTableSql } from '@cps/messaging';

export class CreateAuthSchema1732200000000 implements MigrationInterface {
  name = 'CreateAuthSchema1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS auth`);
    await q.query(`CREATE TABLE auth.teams (
      id text PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE auth.api_keys (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES auth.teams (id),
      name text NOT NULL,
      prefix text NOT NULL,
      secret_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    )`);
    await q.query(`CREATE INDEX api_keys_team_idx ON auth.api_keys (team_id)`);
    await q.query(`CREATE TABLE auth.users (
      id text PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX users_email_idx ON auth.users (lower(email))`);
    await q.query(`CREATE TABLE auth.memberships (
      user_id text NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
      team_id text NOT NULL REFERENCES auth.teams (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, team_id)
    )`);
    for (const sql of outboxTableSql('auth')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA auth CASCADE`);
  }
}
