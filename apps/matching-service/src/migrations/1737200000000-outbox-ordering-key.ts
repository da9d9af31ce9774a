import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { outboxOrderingKeySql } from '@cps/messaging';

/** Outbox rows name the aggregate whose order they keep, so the relay publishes other aggregates' concurrently (ADR 0002). */
export class OutboxOrderingKey1737200000000 implements MigrationInterface {
  name = 'OutboxOrderingKey1737200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of outboxOrderingKeySql('matching')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matching.outbox DROP COLUMN ordering_key`);
  }
}
