import { type QueryRunner } from 'typeorm';

/**
 * Builds an index without blocking writes (`CREATE INDEX CONCURRENTLY`, in a migration with `transaction = false`,
 * docs/operations.md expand/contract) unless a valid one of that name exists; a build that failed half-way left an
 * invalid index, which is dropped and built again. `qualifiedName` is `schema.index`, `definition` what follows
 * `ON` (`sync.purchases (team_id, date)`).
 */
export async function createIndexConcurrently(
  q: QueryRunner,
  qualifiedName: string,
  definition: string,
): Promise<void> {
  const [existing] = (await q.query(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)`, [
    qualifiedName,
  ])) as Array<{ valid: boolean }>;
  if (existing?.valid) return;
  if (existing) await q.query(`DROP INDEX CONCURRENTLY ${qualifiedName}`);
  const name = qualifiedName.split('.').pop()!;
  await q.query(`CREATE INDEX CONCURRENTLY ${name} ON ${definition}`);
}
