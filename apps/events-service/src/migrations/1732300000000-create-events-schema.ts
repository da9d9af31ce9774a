import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { inboxTablesSql } from '@cps/messaging';

export class CreateEventsSchema1732300000000 implements MigrationInterface {
  name = 'CreateEventsSchema1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS events`);
    await q.query(`CREATE TABLE events.webhook_destinations (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      name text NOT NULL,
      url text NOT NULL,
      event_types text[] NOT NULL,
      is_active boolean NOT NULL,
      receive_simulated_events boolean NOT NULL,
      secret_sealed text NOT NULL,
      disabled_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX webhook_destinations_team_idx ON events.webhook_destinations (team_id, id)`);
    // payload is json, not jsonb: it keeps the body byte for byte as built, so every attempt signs and
    // sends exactly the same text with the documented field order.
    await q.query(`CREATE TABLE events.webhook_events (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      type text NOT NULL,
      is_simulated boolean NOT NULL,
      payload json NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX webhook_events_team_idx ON events.webhook_events (team_id, id)`);
    await q.query(`CREATE TABLE events.deliveries (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      destination_id text NOT NULL REFERENCES events.webhook_destinations (id) ON DELETE CASCADE,
      event_id text NOT NULL REFERENCES events.webhook_events (id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      last_status_code integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (destination_id, event_id),
      CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
    )`);
    await q.query(`CREATE INDEX deliveries_due_idx ON events.deliveries (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX deliveries_destination_idx ON events.deliveries (destination_id, id)`);
    await q.query(`CREATE INDEX deliveries_event_idx ON events.deliveries (event_id)`);
    await q.query(`CREATE TABLE events.delivery_attempts (
      id bigserial PRIMARY KEY,
      delivery_id text NOT NULL REFERENCES events.deliveries (id) ON DELETE CASCADE,
      attempted_at timestamptz NOT NULL,
      status_code integer,
      error text,
      duration_ms integer NOT NULL
    )`);
    await q.query(`CREATE INDEX delivery_attempts_delivery_idx ON events.delivery_attempts (delivery_id, id)`);
    for (const sql of inboxTablesSql('events')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA events CASCADE`);
  }
}
