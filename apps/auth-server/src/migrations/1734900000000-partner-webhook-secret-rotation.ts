import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A partner app's webhook secret before its last rotation, signing next to the new one until the overlap ends. */
export class PartnerWebhookSecretRotation1734900000000 implements MigrationInterface {
  name = 'PartnerWebhookSecretRotation1734900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.partner_apps
      ADD COLUMN previous_webhook_secret_sealed text,
      ADD COLUMN previous_webhook_secret_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.partner_apps
      DROP COLUMN previous_webhook_secret_sealed, DROP COLUMN previous_webhook_secret_until`);
  }
}
