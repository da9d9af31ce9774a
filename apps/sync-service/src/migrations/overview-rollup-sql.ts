/**
 * The SQL of the overview summaries' triggers (sync migrations 1739300000000 and 1739500000000): what counts, the
 * daily figures and the shoppers' days.
 */

/** What the overview counts: a purchase of a connection not deleted, inside the connection's sharing window. */
export function counted(purchase: string, connection: string): string {
  const c = connection;
  return `${c}.deleted_at IS NULL AND ${purchase}.date >=
          COALESCE(${c}.first_linked_at, ${c}.created_at) - make_interval(days => ${c}.history_window_days)`;
}

/** The trigger function of purchases inserted (`new_rows`, sign 1) or deleted (`old_rows`, sign -1). */
function purchasesAddedOrRemoved(name: string, rows: string, sign: 1 | -1, shards: number): string {
  return `CREATE OR REPLACE FUNCTION sync.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${lockConnections(rows)}
      ${addDays(
        `SELECT r.*, ${sign} AS sign FROM ${rows} r JOIN sync.connections c ON c.id = r.connection_id
                  WHERE ${counted('r', 'c')}`,
        shards,
      )}
      ${refreshShoppers(`SELECT c.team_id, c.customer_id FROM ${rows} r JOIN sync.connections c ON c.id = r.connection_id`)}
      RETURN NULL;
    END $$`;
}

/** An update's rows taken out as they were (`o`, sign -1) and put back as they are (`n`, sign 1). */
function beforeAndAfter(rows: (side: 'o' | 'n', sign: -1 | 1) => string): string {
  return `${rows('o', -1)} UNION ALL ${rows('n', 1)}`;
}

/** Shopper recomputations that wait for each other: shoppers hashed into this many buckets per team. */
export const SHOPPER_LOCK_BUCKETS = 64;

/** Stores the purchase days of the shoppers `keys` selects (`t`: team id, `cu`: customer id). */
export function shopperDays(keys: string): string {
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

/**
 * Adds signed purchase rows (`rows`: purchases' columns and `sign`) to the daily figures, in key order. With more
 * than one shard, a day's figures are split over `shards` rows by the purchase's connection (1739500000000): two
 * transactions storing purchases of one team on one day wait for each other only when their connections share a
 * shard. Readers add the shards up.
 */
export function addDays(rows: string, shards = 1): string {
  const shard = shards > 1 ? `hashtext(r.connection_id) & ${shards - 1}` : '';
  const key = shards > 1 ? ', shard' : '';
  const by = shards > 1 ? '1, 2, 3, 4, 5' : '1, 2, 3, 4';
  return `INSERT INTO sync.overview_days AS d (team_id, is_simulated, day, retailer_id${key}, purchases, spend, units)
    SELECT r.team_id, r.is_simulated, (r.date AT TIME ZONE 'UTC')::date, r.retailer_id${shard ? `, ${shard}` : ''},
           sum(r.sign)::int, sum(r.sign * r.total), sum(r.sign * r.units)
      FROM (${rows}) r
     GROUP BY ${by}
    HAVING sum(r.sign) <> 0 OR sum(r.sign * r.total) <> 0 OR sum(r.sign * r.units) <> 0
     ORDER BY ${by}
    ON CONFLICT (team_id, is_simulated, day, retailer_id${key}) DO UPDATE
       SET purchases = d.purchases + EXCLUDED.purchases, spend = d.spend + EXCLUDED.spend,
           units = d.units + EXCLUDED.units;`;
}

/** Recomputes the shopper days of the (team_id, customer_id) pairs `keys` selects. */
export function refreshShoppers(keys: string): string {
  return `PERFORM sync.refresh_overview_shoppers(array_agg(k.team_id), array_agg(k.customer_id))
      FROM (SELECT DISTINCT team_id, customer_id FROM (${keys}) x) k HAVING count(*) > 0;`;
}

/**
 * The trigger functions that add to the daily figures (purchases inserted, deleted, updated; connections updated and
 * being deleted), as CREATE OR REPLACE statements, with the daily figures in `shards` rows per key (`addDays`).
 */
export function rollUpDayFunctions(shards: number): string[] {
  return [
    purchasesAddedOrRemoved('roll_up_inserted_purchases', 'new_rows', 1, shards),
    purchasesAddedOrRemoved('roll_up_deleted_purchases', 'old_rows', -1, shards),
    // Only rows whose counted fields changed (most updates set units, publication marks or nothing the overview shows).
    `CREATE OR REPLACE FUNCTION sync.roll_up_updated_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${lockConnections('new_rows')}
        ${addDays(
          beforeAndAfter(
            (side, sign) => `SELECT ${side}.*, ${sign} AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
              JOIN sync.connections c ON c.id = ${side}.connection_id WHERE ${counted(side, 'c')} AND ${purchaseChanged}`,
          ),
          shards,
        )}
        ${refreshShoppers(`SELECT c.team_id, c.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
                             JOIN sync.connections c ON c.id IN (o.connection_id, n.connection_id)
                            WHERE (o.date, o.retailer_id, o.connection_id, o.is_simulated)
                                  IS DISTINCT FROM (n.date, n.retailer_id, n.connection_id, n.is_simulated)`)}
        RETURN NULL;
      END $$`,
    `CREATE OR REPLACE FUNCTION sync.roll_up_updated_connections() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${addDays(
          beforeAndAfter(
            (side, sign) => `SELECT p.*, ${sign} AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
              JOIN sync.purchases p ON p.connection_id = ${side}.id WHERE ${counted('p', side)} AND ${windowChanged}`,
          ),
          shards,
        )}
        ${refreshShoppers(`SELECT o.team_id, k.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
                                  LATERAL (VALUES (o.customer_id), (n.customer_id)) AS k(customer_id)
                            WHERE (o.customer_id, o.deleted_at, o.first_linked_at, o.created_at, o.history_window_days)
                                  IS DISTINCT FROM
                                  (n.customer_id, n.deleted_at, n.first_linked_at, n.created_at, n.history_window_days)`)}
        RETURN NULL;
      END $$`,
    // Before the row goes: its purchases, deleted by the cascade afterwards, no longer find their connection.
    `CREATE OR REPLACE FUNCTION sync.roll_up_deleting_connection() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${addDays(
          `SELECT p.*, -1 AS sign FROM sync.purchases p JOIN sync.connections c ON c.id = p.connection_id
                    WHERE c.id = OLD.id AND ${counted('p', 'c')}`,
          shards,
        )}
        RETURN OLD;
      END $$`,
  ];
}
