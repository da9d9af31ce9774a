import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { inboxTablesSql } from '@cps/messaging';

/** The dashboard consumes events (auth.sign-in.locked.v1 into the audit log): its inbox and dead letters. */
export class EventInbox1738200000000 implements MigrationInterface {
  name = 'EventInbox1738200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of inboxTablesSql('dashboard')) await q.query(sql);
    await q.query(`GRANT USAGE, SELECT ON SEQUENCE dashboard.dead_letters_id_seq TO cps_dashboard`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE dashboard.dead_letters`);
    await q.query(`DROP TABLE dashboard.inbox`);
  }
}
