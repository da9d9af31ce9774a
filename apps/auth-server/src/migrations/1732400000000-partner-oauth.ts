import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Partner OAuth: apps (client secrets hashed), installations per (app, team), the refresh-token
 * rotation ledger (tokens hashed), the team chosen for each grant, and oidc-provider's own models
 * (sessions, interactions, grants, authorization codes) keyed by the SHA-256 of their ids.
 */
export class PartnerOauth1732400000000 implements MigrationInterface {
  name = 'PartnerOauth1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE auth.partner_apps (
      client_id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES auth.teams (id),
      name text NOT NULL,
      secret_hash text NOT NULL,
      redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
      webhook_url text,
      webhook_secret_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      secret_rotated_at timestamptz
    )`);
    await q.query(`CREATE INDEX partner_apps_team_idx ON auth.partner_apps (team_id)`);

    await q.query(`CREATE TABLE auth.installations (
      id text PRIMARY KEY,
      client_id text NOT NULL REFERENCES auth.partner_apps (client_id),
      team_id text NOT NULL REFERENCES auth.teams (id),
      status text NOT NULL CHECK (status IN ('active', 'deactivated', 'disconnected')),
      scope text NOT NULL,
      authorized_by text REFERENCES auth.users (id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (client_id, team_id)
    )`);
    await q.query(`CREATE INDEX installations_team_idx ON auth.installations (team_id)`);

    // The team a user picked for a grant at consent, and the scope consented to; the code exchange reads it through the code's grant id.
    await q.query(`CREATE TABLE auth.grant_teams (
      grant_id text PRIMARY KEY,
      client_id text NOT NULL REFERENCES auth.partner_apps (client_id),
      team_id text NOT NULL REFERENCES auth.teams (id),
      user_id text NOT NULL REFERENCES auth.users (id),
      scope text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    // One row per refresh token ever issued. A rotation sets rotated_at/replaced_by on the old row and keeps
    // the replacement sealed there, so a retry inside the 60-minute window can return the same replacement.
    await q.query(`CREATE TABLE auth.refresh_tokens (
      id text PRIMARY KEY,
      installation_id text NOT NULL REFERENCES auth.installations (id),
      token_hash text NOT NULL UNIQUE,
      family_id text NOT NULL,
      parent_id text REFERENCES auth.refresh_tokens (id),
      code_hash text,
      user_id text,
      scope text NOT NULL,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      rotated_at timestamptz,
      replaced_by text REFERENCES auth.refresh_tokens (id),
      replacement_sealed text,
      revoked_at timestamptz,
      revoked_reason text
    )`);
    await q.query(
      `CREATE INDEX refresh_tokens_installation_idx ON auth.refresh_tokens (installation_id) WHERE revoked_at IS NULL`,
    );
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON auth.refresh_tokens (family_id)`);
    await q.query(
      `CREATE INDEX refresh_tokens_code_idx ON auth.refresh_tokens (code_hash) WHERE code_hash IS NOT NULL`,
    );

    await q.query(`CREATE TABLE auth.oidc_models (
      model text NOT NULL,
      id_hash text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id_hash)
    )`);
    await q.query(`CREATE INDEX oidc_models_grant_idx ON auth.oidc_models (grant_id) WHERE grant_id IS NOT NULL`);
    await q.query(`CREATE INDEX oidc_models_uid_idx ON auth.oidc_models (model, uid) WHERE uid IS NOT NULL`);
    await q.query(`CREATE INDEX oidc_models_expiry_idx ON auth.oidc_models (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.oidc_models`);
    await q.query(`DROP TABLE auth.refresh_tokens`);
    await q.query(`DROP TABLE auth.grant_teams`);
    await q.query(`DROP TABLE auth.installations`);
    await q.query(`DROP TABLE auth.partner_apps`);
  }
}
