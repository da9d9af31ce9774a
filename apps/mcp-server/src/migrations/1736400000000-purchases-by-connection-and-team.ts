import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The projection finds a connection's purchases by connection and team (`applySharing`, `purgeSimulated`). With
 * the connection alone in the index, a planner without statistics (a new database, a team new to a large table)
 * rated it no better than the team's indexes and read every purchase of the team instead; an index on both
 * matches the whole condition and is taken on any statistics (mcp-server test sharing-plan).
 *
 * Built and dropped concurrently, outside a transaction, so projection writes go on during a rollout
 * (docs/operations.md, expand/contract). A build that failed half-way leaves an invalid index: it is dropped and
 * built again on the next run.
 */
export class PurchasesByConnectionAndTeam1736400000000 implements MigrationInterface {
  name = 'PurchasesByConnectionAndTeam1736400000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await rebuildConcurrently(q, 'purchases_connection_team_idx', '(connection_id, team_id)');
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS mcp.purchases_connection_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await rebuildConcurrently(q, 'purchases_connection_idx', '(connection_id)');
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS mcp.purchases_connection_team_idx`);
  }
}

/** Creates index `name` on mcp.purchases unless a valid one exists, first dropping an invalid leftover. */
async function rebuildConcurrently(q: QueryRunner, name: string, columns: string): Promise<void> {
  const [existing] = (await q.query(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)`, [
    `mcp.${name}`,
  ])) as Array<{ valid: boolean }>;
  if (existing?.valid) return;
  if (existing) await q.query(`DROP INDEX CONCURRENTLY mcp.${name}`);
  await q.query(`CREATE INDEX CONCURRENTLY ${name} ON mcp.purchases ${columns}`);
}
