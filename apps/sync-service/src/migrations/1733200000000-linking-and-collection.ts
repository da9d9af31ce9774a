import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class LinkingAndCollection1733200000000 implements MigrationInterface {
  name = 'LinkingAndCollection1733200000000';

  async up(q: QueryRunner): Promise<void> {
    // The first successful link: the sharing policy counts the brand's history window back from it, and a
    // later activation is a re-authentication (first_activation false). Simulated connections are linked
    // when created.
    await q.query(`ALTER TABLE sync.connections ADD COLUMN first_linked_at timestamptz`);
    await q.query(
      `UPDATE sync.connections SET first_linked_at = created_at WHERE is_simulated AND status <> 'initialized'`,
    );
    // The link flow looks up the customer's connection to reuse.
    await q.query(
      `CREATE INDEX connections_link_reuse_idx ON sync.connections (team_id, customer_id, retailer_id)
         WHERE deleted_at IS NULL AND NOT is_simulated`,
    );
    // The daily purge of simulated objects older than 30 days.
    await q.query(`CREATE INDEX connections_simulated_created_idx ON sync.connections (created_at) WHERE is_simulated`);
    await q.query(`CREATE INDEX purchases_simulated_created_idx ON sync.purchases (created_at) WHERE is_simulated`);

    // One hosted link flow in progress. The gateway holds the random session secret (in a signed cookie);
    // only its SHA-256 is kept. A password and a pending one-time-code challenge are kept sealed
    // (RetailerCredentialVault, bound to the session id) only between the sign-in and code pages, and are
    // dropped when the session ends. `version` makes concurrent submissions of one session lose, not mix.
    await q.query(`CREATE TABLE sync.link_sessions (
      id text PRIMARY KEY,
      secret_hash text NOT NULL UNIQUE CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
      team_id text NOT NULL,
      entry text NOT NULL CHECK (entry IN ('link_token', 'link_url', 'reauthentication')),
      link_token_id text REFERENCES sync.link_tokens (id) ON DELETE SET NULL,
      customer_id text NOT NULL,
      email text,
      mobile text,
      tags jsonb NOT NULL DEFAULT '{}',
      fixed_retailer_id text REFERENCES sync.retailers (id),
      target_connection_id text,
      redirect_url text,
      state text NOT NULL
        CHECK (state IN ('select_retailer', 'sign_in', 'one_time_code', 'error', 'succeeded', 'cancelled')),
      retailer_id text REFERENCES sync.retailers (id),
      error_code text,
      error_retryable boolean NOT NULL DEFAULT false,
      attempts_left integer,
      failed_sign_ins integer NOT NULL DEFAULT 0,
      credentials_sealed text,
      challenge_sealed text,
      code_sent_to text,
      connection_id text,
      version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX link_sessions_expires_idx ON sync.link_sessions (expires_at)`);

    // What the scheduler keeps per linked (real) connection: the sealed retailer credentials and session,
    // the cursor of the retailer's order list, when to poll next, backoff state, and the lease a
    // sync-service process holds while it polls (claimed with FOR UPDATE SKIP LOCKED; an expired lease
    // is free again, so a crashed process never stalls a connection). `credentials_version` grows with
    // every link, so a poll that started with older credentials cannot mark a fresh link unauthenticated.
    await q.query(`CREATE TABLE sync.collection_states (
      connection_id text PRIMARY KEY REFERENCES sync.connections (id) ON DELETE CASCADE,
      team_id text NOT NULL,
      retailer_id text NOT NULL REFERENCES sync.retailers (id),
      credentials_sealed text NOT NULL,
      credentials_version integer NOT NULL DEFAULT 1,
      session_sealed text,
      cursor text,
      next_poll_at timestamptz NOT NULL,
      lease_owner text,
      lease_expires_at timestamptz,
      consecutive_failures integer NOT NULL DEFAULT 0,
      last_polled_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((lease_owner IS NULL) = (lease_expires_at IS NULL))
    )`);
    await q.query(`CREATE INDEX collection_states_due_idx ON sync.collection_states (next_poll_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sync.collection_states`);
    await q.query(`DROP TABLE sync.link_sessions`);
    await q.query(`DROP INDEX sync.purchases_simulated_created_idx`);
    await q.query(`DROP INDEX sync.connections_simulated_created_idx`);
    await q.query(`DROP INDEX sync.connections_link_reuse_idx`);
    await q.query(`ALTER TABLE sync.connections DROP COLUMN first_linked_at`);
  }
}
