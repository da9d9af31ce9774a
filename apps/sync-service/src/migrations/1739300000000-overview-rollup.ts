import { type MigrationInterface, type QueryRunner } from 'typeorm';

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

    await q.query(purchasesAddedOrRemoved('roll_up_inserted_purchases', 'new_rows', 1));
    await q.query(purchasesAddedOrRemoved('roll_up_deleted_purchases', 'old_rows', -1));
    // Only rows whose counted fields changed (most updates set units, publication marks or nothing the overview shows).
    await q.query(`CREATE FUNCTION sync.roll_up_updated_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${lockConnections('new_rows')}
        ${addDays(
          beforeAndAfter(
            (side, sign) => `SELECT ${side}.*, ${sign} AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
              JOIN sync.connections c ON c.id = ${side}.connection_id WHERE ${counted(side, 'c')} AND ${purchaseChanged}`,
          ),
        )}
        ${refreshShoppers(`SELECT c.team_id, c.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
                             JOIN sync.connections c ON c.id IN (o.connection_id, n.connection_id)
                            WHERE (o.date, o.retailer_id, o.connection_id, o.is_simulated)
                                  IS DISTINCT FROM (n.date, n.retailer_id, n.connection_id, n.is_simulated)`)}
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION sync.roll_up_updated_connections() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${addDays(
          beforeAndAfter(
            (side, sign) => `SELECT p.*, ${sign} AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
              JOIN sync.purchases p ON p.connection_id = ${side}.id WHERE ${counted('p', side)} AND ${windowChanged}`,
          ),
        )}
        ${refreshShoppers(`SELECT o.team_id, k.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
                                  LATERAL (VALUES (o.customer_id), (n.customer_id)) AS k(customer_id)
                            WHERE (o.customer_id, o.deleted_at, o.first_linked_at, o.created_at, o.history_window_days)
                                  IS DISTINCT FROM
                                  (n.customer_id, n.deleted_at, n.first_linked_at, n.created_at, n.history_window_days)`)}
        RETURN NULL;
      END $$`);
    // Before the row goes: its purchases, deleted by the cascade afterwards, no longer find their connection.
    await q.query(`CREATE FUNCTION sync.roll_up_deleting_connection() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${addDays(`SELECT p.*, -1 AS sign FROM sync.purchases p JOIN sync.connections c ON c.id = p.connection_id
                    WHERE c.id = OLD.id AND ${counted('p', 'c')}`)}
        RETURN OLD;
      END $$`);
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

/** What the overview counts: a purchase of a connection not deleted, inside the connection's sharing window. */
function counted(purchase: string, connection: string): string {
  const c = connection;
  return `${c}.deleted_at IS NULL AND ${purchase}.date >=
          COALESCE(${c}.first_linked_at, ${c}.created_at) - make_interval(days => ${c}.history_window_days)`;
}

/** The trigger function of purchases inserted (`new_rows`, sign 1) or deleted (`old_rows`, sign -1). */
function purchasesAddedOrRemoved(name: string, rows: string, sign: 1 | -1): string {
  return `CREATE FUNCTION sync.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${lockConnections(rows)}
      ${addDays(`SELECT r.*, ${sign} AS sign FROM ${rows} r JOIN sync.connections c ON c.id = r.connection_id
                  WHERE ${counted('r', 'c')}`)}
      ${refreshShoppers(`SELECT c.team_id, c.customer_id FROM ${rows} r JOIN sync.connections c ON c.id = r.connection_id`)}
      RETURN NULL;
    END $$`;
}

/** An update's rows taken out as they were (`o`, sign -1) and put back as they are (`n`, sign 1). */
function beforeAndAfter(rows: (side: 'o' | 'n', sign: -1 | 1) => string): string {
  return `${rows('o', -1)} UNION ALL ${rows('n', 1)}`;
}

/** Shopper recomputations that wait for each other: shoppers hashed into this many buckets per team. */
const SHOPPER_LOCK_BUCKETS = 64;

/** Stores the purchase days of the shoppers `keys` selects (`t`: team id, `cu`: customer id). */
function shopperDays(keys: string): string {
  return `INSERT INTO sync.overview_shoppers (team_id, is_simulated, retailer_id, customer_id, days)
    SELECT c.team_id, p.is_simulated, p.retailer_id, c.customer_id,
           range_agg(daterange((p.date AT TIME ZONE 'UTC')::date, (p.date AT TIME ZONE 'UTC')::date, '[]'))
      FROM (${keys}) k
      JOIN sync.connections c ON c.team_id = k.t AND c.customer_id = k.cu
      JOIN sync.purchases p ON p.connection_id = c.id
     WHERE ${counted('p', 'c')}
     GROUP BY 1, 2, 3, 4;`;
}

/** A purchase update the daily figures see (o: before, n: after). */
const purchaseChanged = `(o.date, o.retailer_id, o.connection_id, o.is_simulated, o.total, o.units)
  IS DISTINCT FROM (n.date, n.retailer_id, n.connection_id, n.is_simulated, n.total, n.units)`;

/** A connection update that changes which of its purchases count (o: before, n: after). */
const windowChanged = `(o.deleted_at, o.first_linked_at, o.created_at, o.history_window_days)
  IS DISTINCT FROM (n.deleted_at, n.first_linked_at, n.created_at, n.history_window_days)`;

/**
 * Holds the purchases' connections against a concurrent change of what counts (deletion, window) until commit; the
 * statements after it see such a change once committed, and that change's own trigger sees these purchases.
 */
function lockConnections(rows: string): string {
  return `PERFORM 1 FROM sync.connections WHERE id IN (SELECT connection_id FROM ${rows}) ORDER BY id FOR SHARE;`;
}

/** Adds signed purchase rows (`rows`: purchases' columns and `sign`) to the daily figures, in key order. */
function addDays(rows: string): string {
  return `INSERT INTO sync.overview_days AS d (team_id, is_simulated, day, retailer_id, purchases, spend, units)
    SELECT r.team_id, r.is_simulated, (r.date AT TIME ZONE 'UTC')::date, r.retailer_id,
           sum(r.sign)::int, sum(r.sign * r.total), sum(r.sign * r.units)
      FROM (${rows}) r
     GROUP BY 1, 2, 3, 4
    HAVING sum(r.sign) <> 0 OR sum(r.sign * r.total) <> 0 OR sum(r.sign * r.units) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, is_simulated, day, retailer_id) DO UPDATE
       SET purchases = d.purchases + EXCLUDED.purchases, spend = d.spend + EXCLUDED.spend,
           units = d.units + EXCLUDED.units;`;
}

/** Recomputes the shopper days of the (team_id, customer_id) pairs `keys` selects. */
function refreshShoppers(keys: string): string {
  return `PERFORM sync.refresh_overview_shoppers(array_agg(k.team_id), array_agg(k.customer_id))
      FROM (SELECT DISTINCT team_id, customer_id FROM (${keys}) x) k HAVING count(*) > 0;`;
}
