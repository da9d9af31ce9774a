import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A partner destination's rotated-out secret, which signs next to the new one until the overlap ends. */
export class DestinationPreviousSecret1734900000000 implements MigrationInterface {
  name = 'DestinationPreviousSecret1734900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events.webhook_destinations
      ADD COLUMN previous_secret_sealed text,
      ADD COLUMN previous_secret_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events.webhook_destinations
      DROP COLUMN previous_secret_sealed, DROP COLUMN previous_secret_until`);
  }
}
