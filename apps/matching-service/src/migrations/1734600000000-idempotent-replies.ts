import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { idempotentRepliesTableSql } from '@cps/messaging';

/** Replies of requests sent with an idempotency key, stored with the change they answer (ADR 0011). */
export class IdempotentReplies1734600000000 implements MigrationInterface {
  name = 'IdempotentReplies1734600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of idempotentRepliesTableSql('matching')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE matching.idempotent_replies');
  }
}
