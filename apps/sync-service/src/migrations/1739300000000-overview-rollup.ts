import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  addDays,
  counted,
  refreshShoppers,
  rollUpDayFunctions,
  SHOPPER_LOCK_BUCKETS,
  shopperDays,
} from './overview-rollup-sql.js';

/**
 * The dashboard overview (`sync.team-overview.v1`) read up to two years of a team's purchases per request: 3 s for a
 * year on a million purchases (bench/overview). It now reads two summaries kept by triggers in the transaction of
 * every write, whichever code makes it (as `purchases.units`, 1739200000000):
 *
 * - `overview_days`: purchases, spend and units per team, mode (`is_simulated`), UTC day and retailer;
 * - `overview_shoppers`: per team, mode, retailer and shopper (the connections' `customer_id`), the UTC days with a
 *   purchase, as a multirange: the distinct shoppers of any range are the rows whose days overlap it, exactly.
 *
 * Both count what the overview counted: purchases of connections not deleted, dated inside the connection's sharing
 * window. So a purchase insert, update (its units, set by the items trigger, included) or delete changes them, and so
 * does a connection whose deletion, sharing window or customer id changes. `overview_days` takes signed deltas;
 * `overview_shoppers` recomputes the rows of the shoppers touched, under a lock per team and bucket of shoppers (a
 * recomputation that waited sees what the one before it committed). A connection deleted with its purchases (cascade) is taken out
 * before it goes; its purchases then find no connection and count for nothing.
 *
 * In one transaction: creating the triggers locks purchases and connections against writes until the backfill has
 * committed, so no write is counted twice or missed (a few seconds on a million purchases).
 */
export class OverviewRollup1739300000000 implements MigrationInterface {
  name = 'OverviewRollup1739300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sync.overview_days (
      team_id text NOT NULL,
      is_simulated boolean NOT NULL,
      day date NOT NULL,
      retailer_id text NOT NULL,
      purchases integer NOT NULL,
      spend numeric(16, 2) NOT NULL,
      units bigint NOT NULL,
      PRIMARY KEY (team_id, is_simulated, day, retailer_id)
    )`);
    await q.query(`CREATE TABLE sync.overview_shoppers (
      team_id text NOT NULL,
      is_simulated boolean NOT NULL,
      retailer_id text NOT NULL,
      customer_id text NOT NULL,
      days datemultirange NOT NULL,
      PRIMARY KEY (team_id, customer_id, is_simulated, retailer_id)
    )`);
    await q.query(`CREATE INDEX overview_shoppers_team_mode_idx ON sync.overview_shoppers (team_id, is_simulated)`);

    await q.query(`CREATE FUNCTION sync.refresh_overview_shoppers(teams text[], customers text[]) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        -- One lock per team and bucket of shoppers: a bulk write of many shoppers takes at most ${SHOPPER_LOCK_BUCKETS}.
        PERFORM pg_advisory_xact_lock(k.team_lock, k.bucket)
           FROM (SELECT DISTINCT hashtext('sync.overview_shoppers ' || t) AS team_lock,
                        hashtext(cu) & ${SHOPPER_LOCK_BUCKETS - 1} AS bucket
                   FROM unnest(teams, customers) AS u(t, cu) ORDER BY 1, 2) k;
        DELETE FROM sync.overview_shoppers s USING unnest(teams, customers) AS k(t, cu)
         WHERE s.team_id = k.t AND s.customer_id = k.cu;
        ${shopperDays('SELECT DISTINCT t, cu FROM unnest(teams, customers) AS u(t, cu)')}
      END $$`);

    for (const sql of rollUpDayFunctions(1)) await q.query(sql);
    await q.query(`CREATE FUNCTION sync.roll_up_deleted_connections() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${refreshShoppers(`SELECT o.team_id, o.customer_id FROM old_rows o`)}
        RETURN NULL;
      END $$`);

    await q.query(`CREATE TRIGGER purchases_roll_up_inserted AFTER INSERT ON sync.purchases
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync.roll_up_inserted_purchases()`);
    await q.query(`CREATE TRIGGER purchases_roll_up_deleted AFTER DELETE ON sync.purchases
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync.roll_up_deleted_purchases()`);
    await q.query(`CREATE TRIGGER purchases_roll_up_updated AFTER UPDATE ON sync.purchases
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION sync.roll_up_updated_purchases()`);
    await q.query(`CREATE TRIGGER connections_roll_up_updated AFTER UPDATE ON sync.connections
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION sync.roll_up_updated_connections()`);
    await q.query(`CREATE TRIGGER connections_roll_up_deleting BEFORE DELETE ON sync.connections
      FOR EACH ROW EXECUTE FUNCTION sync.roll_up_deleting_connection()`);
    await q.query(`CREATE TRIGGER connections_roll_up_deleted AFTER DELETE ON sync.connections
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync.roll_up_deleted_connections()`);

    // What is stored already (the triggers hold writes back until this commits).
    await q.query(
      addDays(`SELECT p.*, 1 AS sign FROM sync.purchases p JOIN sync.connections c ON c.id = p.connection_id
                WHERE ${counted('p', 'c')}`),
    );
    await q.query(shopperDays('SELECT DISTINCT team_id AS t, customer_id AS cu FROM sync.connections'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS connections_roll_up_deleted ON sync.connections`);
    await q.query(`DROP TRIGGER IF EXISTS connections_roll_up_deleting ON sync.connections`);
    await q.query(`DROP TRIGGER IF EXISTS connections_roll_up_updated ON sync.connections`);
    await q.query(`DROP TRIGGER IF EXISTS purchases_roll_up_updated ON sync.purchases`);
    await q.query(`DROP TRIGGER IF EXISTS purchases_roll_up_deleted ON sync.purchases`);
    await q.query(`DROP TRIGGER IF EXISTS purchases_roll_up_inserted ON sync.purchases`);
    for (const fn of [
      'roll_up_deleted_connections()',
      'roll_up_deleting_connection()',
      'roll_up_updated_connections()',
      'roll_up_updated_purchases()',
      'roll_up_deleted_purchases()',
      'roll_up_inserted_purchases()',
      'refresh_overview_shoppers(text[], text[])',
    ]) {
      await q.query(`DROP FUNCTION IF EXISTS sync.${fn}`);
    }
    await q.query(`DROP TABLE IF EXISTS sync.overview_shoppers`);
    await q.query(`DROP TABLE IF EXISTS sync.overview_days`);
  }
}
