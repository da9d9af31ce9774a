import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Loyalty and marketing integrations and their ledger (ADR 0014). An award is unique per (integration, trigger,
 * subject): the subject is the connection for `account.linked` and the purchase for `purchase.created`, so a
 * redelivered event, a replayed consumer or a retry never records a second one. The worker leases due awards
 * by moving `next_attempt_at` (as webhook deliveries do); the award id is the idempotency key of every call.
 */
export class Integrations1735100000000 implements MigrationInterface {
  name = 'Integrations1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE events.integrations (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('loyalty', 'marketing')),
      adapter text NOT NULL CHECK (adapter IN ('points_api', 'track_event', 'webhook')),
      base_url text NOT NULL,
      credential_sealed text NOT NULL,
      triggers text[] NOT NULL,
      is_active boolean NOT NULL,
      receive_simulated_events boolean NOT NULL,
      points_per_dollar numeric(14, 4) NOT NULL CHECK (points_per_dollar >= 0),
      start_date date,
      reward_on_link integer NOT NULL CHECK (reward_on_link >= 0),
      customer_identifier text NOT NULL CHECK (customer_identifier IN ('email', 'customer_id', 'mobile')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX integrations_team_idx ON events.integrations (team_id, id)`);
    await q.query(`CREATE TABLE events.integration_awards (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      integration_id text NOT NULL REFERENCES events.integrations (id) ON DELETE CASCADE,
      trigger text NOT NULL CHECK (trigger IN ('account.linked', 'purchase.created')),
      subject_id text NOT NULL,
      connection_id text NOT NULL,
      purchase_id text,
      is_simulated boolean NOT NULL,
      customer_value text,
      points integer NOT NULL CHECK (points >= 0),
      items_subtotal numeric(14, 2),
      occurred_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      last_status_code integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (integration_id, trigger, subject_id)
    )`);
    await q.query(
      `CREATE INDEX integration_awards_due_idx ON events.integration_awards (next_attempt_at) WHERE status = 'pending'`,
    );
    await q.query(`CREATE INDEX integration_awards_list_idx ON events.integration_awards (integration_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE events.integration_awards`);
    await q.query(`DROP TABLE events.integrations`);
  }
}
