import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { outboxOrderingKeySql, outboxTableSql } from '@cps/messaging';

/**
 * events-service records events too: a webhook or integration change asked through the REST API records
 * `events.api-change.recorded.v1` (the team's audit log) in the change's transaction; the relay publishes it.
 */
export class Outbox1739100000000 implements MigrationInterface {
  name = 'Outbox1739100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of [...outboxTableSql('events'), ...outboxOrderingKeySql('events')]) await q.query(sql);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON events.outbox TO cps_events`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE events.outbox`);
  }
}
