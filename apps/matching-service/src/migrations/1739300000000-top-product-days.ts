import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The dashboard overview's top products (`matching.team-top-products.v1`) summed a year of a team's item matches per
 * request: 1 s on a million purchases (bench/overview). `top_product_days` keeps units and spend per team, mode
 * (`is_simulated`), UTC purchase day and product, changed by signed deltas from a statement trigger in the transaction
 * of every item match insert, update (a re-match, a product deleted) and delete (simulated data purged). Matches
 * stored before 1739100000000 without quantity, price or mode are not counted, as before.
 *
 * In one transaction: creating the trigger locks item_matches against writes until the backfill has committed, so no
 * match is counted twice or missed.
 */
export class TopProductDays1739300000000 implements MigrationInterface {
  name = 'TopProductDays1739300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE matching.top_product_days (
      team_id text NOT NULL,
      is_simulated boolean NOT NULL,
      day date NOT NULL,
      product_id text NOT NULL,
      units bigint NOT NULL,
      spend numeric(16, 2) NOT NULL,
      PRIMARY KEY (team_id, is_simulated, day, product_id)
    )`);
    for (const { event, referencing, rows } of TRIGGERS) {
      await q.query(`CREATE FUNCTION matching.roll_up_${event}d_matches() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${addDays(rows)}
          RETURN NULL;
        END $$`);
      await q.query(`CREATE TRIGGER item_matches_roll_up_${event}d AFTER ${event} ON matching.item_matches
        REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION matching.roll_up_${event}d_matches()`);
    }
    // What is stored already (the triggers hold writes back until this commits).
    await q.query(addDays('SELECT r.*, 1 AS sign FROM matching.item_matches r'));
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { event } of TRIGGERS) {
      await q.query(`DROP TRIGGER IF EXISTS item_matches_roll_up_${event}d ON matching.item_matches`);
      await q.query(`DROP FUNCTION IF EXISTS matching.roll_up_${event}d_matches()`);
    }
    await q.query(`DROP TABLE IF EXISTS matching.top_product_days`);
  }
}

/** Per event: the transition tables and the signed rows they add (an update: out as it was, in as it is). */
const TRIGGERS = [
  { event: 'insert', referencing: 'NEW TABLE AS new_rows', rows: 'SELECT r.*, 1 AS sign FROM new_rows r' },
  { event: 'delete', referencing: 'OLD TABLE AS old_rows', rows: 'SELECT r.*, -1 AS sign FROM old_rows r' },
  {
    event: 'update',
    referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    rows: 'SELECT r.*, -1 AS sign FROM old_rows r UNION ALL SELECT r.*, 1 AS sign FROM new_rows r',
  },
] as const;

/** Adds signed item match rows (`rows`: item_matches' columns and `sign`) to the daily figures, in key order. */
function addDays(rows: string): string {
  return `INSERT INTO matching.top_product_days AS d (team_id, is_simulated, day, product_id, units, spend)
    SELECT r.team_id, r.is_simulated, (r.purchase_date AT TIME ZONE 'UTC')::date, r.product_id,
           sum(r.sign * r.quantity), sum(r.sign * r.price * r.quantity)
      FROM (${rows}) r
     WHERE r.product_id IS NOT NULL AND r.is_simulated IS NOT NULL AND r.purchase_date IS NOT NULL
       AND r.quantity IS NOT NULL AND r.price IS NOT NULL
     GROUP BY 1, 2, 3, 4
    HAVING sum(r.sign * r.quantity) <> 0 OR sum(r.sign * r.price * r.quantity) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, is_simulated, day, product_id) DO UPDATE
       SET units = d.units + EXCLUDED.units, spend = d.spend + EXCLUDED.spend;`;
}
