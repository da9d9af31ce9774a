import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Partner-app webhook delivery (ADR 0008). */
export class CreatePartnerDeliveryTargets1733300000000 implements MigrationInterface {
  name = 'CreatePartnerDeliveryTargets1733300000000';

  async up(q: QueryRunner): Promise<void> {
    // A partner installation's deliveries go through the same deliveries table and worker as a brand's
    // webhooks, so each installation with a webhook URL gets one destination row of kind `partner`. Such a
    // row belongs to no team's webhook list: its team_id is NULL, so the brand API (which always filters on
    // team_id) never lists, reads, changes or fans out to it. The team is on the target and the deliveries.
    await q.query(`ALTER TABLE events.webhook_destinations
      ADD COLUMN kind text NOT NULL DEFAULT 'brand' CHECK (kind IN ('brand', 'partner')),
      ALTER COLUMN team_id DROP NOT NULL`);
    await q.query(`ALTER TABLE events.webhook_destinations
      ADD CONSTRAINT webhook_destinations_owner_check CHECK ((kind = 'brand') = (team_id IS NOT NULL))`);
    // One row per installation, from auth.installation.activated|deactivated|disconnected.v1; the latest
    // event (by occurredAt, then envelope id) wins, so redelivered or reordered events cannot roll it back.
    await q.query(`CREATE TABLE events.partner_delivery_targets (
      installation_id text PRIMARY KEY,
      client_id text NOT NULL,
      team_id text NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'deactivated', 'disconnected')),
      webhook_url text,
      destination_id text UNIQUE REFERENCES events.webhook_destinations (id) ON DELETE SET NULL,
      last_event_id text NOT NULL,
      last_event_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      `CREATE INDEX partner_delivery_targets_team_idx ON events.partner_delivery_targets (team_id)
        WHERE status = 'active'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE events.partner_delivery_targets`);
    await q.query(`DELETE FROM events.webhook_destinations WHERE kind = 'partner'`);
    await q.query(`ALTER TABLE events.webhook_destinations DROP CONSTRAINT webhook_destinations_owner_check`);
    await q.query(`ALTER TABLE events.webhook_destinations DROP COLUMN kind, ALTER COLUMN team_id SET NOT NULL`);
  }
}
