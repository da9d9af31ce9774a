import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The start (2 KB) of what the receiver answered to each attempt, for the dashboard's delivery page (issue #33). */
export class DeliveryResponseBody1738300000000 implements MigrationInterface {
  name = 'DeliveryResponseBody1738300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events.delivery_attempts ADD COLUMN response_body text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events.delivery_attempts DROP COLUMN response_body`);
  }
}
