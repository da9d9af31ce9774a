import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A retailer that can push ("new orders for this account") names the account by `account_ref`, the SHA-256 of its
 * retailer id and lower-cased sign-in email (no email on the wire or in this column). Stored at link time; accounts
 * linked before have none and are collected by polling only until they re-link. `poll_requested` remembers a push
 * that arrived while a poll was running, so the next poll starts as soon as that one ends.
 */
export class RetailerAccountRefs1736200000000 implements MigrationInterface {
  name = 'RetailerAccountRefs1736200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE sync.collection_states
         ADD COLUMN account_ref text,
         ADD COLUMN poll_requested boolean NOT NULL DEFAULT false`,
    );
    await q.query(
      `CREATE INDEX collection_states_account_ref_idx ON sync.collection_states (retailer_id, account_ref)
        WHERE account_ref IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sync.collection_states_account_ref_idx`);
    await q.query(`ALTER TABLE sync.collection_states DROP COLUMN account_ref, DROP COLUMN poll_requested`);
  }
}
