import { type Connection, type ProductRef, type PurchaseDetail, toPublicConnectionStatus } from '@cps/contracts';

import { type EntityManager } from 'typeorm';

/**
 * A connection's sharing window copied onto its items, reached through its purchases only. The purchase ids are
 * the platform's, unique across teams, and an item carries its purchase's team, so the team is checked on the
 * purchases. A `team_id` condition on the items would offer the planner the team's indexes: on tables not yet
 * analyzed (a new database, a team new to a large table) it took them, reading every item of the team once per
 * purchase of the connection (seen in bench/sync: its README has the figures).
 */
export const SHARING_ONTO_ITEMS = `UPDATE mcp.items SET visible_from = $3 WHERE visible_from <> $3
  AND purchase_id IN (SELECT purchase_id FROM mcp.purchases WHERE connection_id = $1 AND team_id = $2)`;

/** The parameters of an `mcp.connections` row: team, id, customer, retailer, public status, simulated, created, `at`. */
const connectionRow = (teamId: string, connection: Connection, at: string) => [
  teamId,
  connection.connection_id,
  connection.customer_id,
  connection.retailer_id,
  toPublicConnectionStatus(connection.status),
  connection.is_simulated,
  connection.created_at,
  at,
];

/** Advisory lock keys (`hashtextextended`) of a connection and of a team's catalog (`Projection.lockCatalog`). */
const CONNECTION_LOCK = 'mcp.connection:';
const CATALOG_LOCK = 'mcp.catalog:';

/** Rows of `alias` whose connection was deleted: they are not projected (`deleteConnection`). */
const DELETED_CONNECTION = (alias: string) =>
  `SELECT 1 FROM mcp.connections d WHERE d.connection_id = ${alias}.connection_id AND d.deleted_at IS NOT NULL`;

/**
 * Writes of the read model (ADR 0016), each idempotent (upserts keyed by the platform's ids) and run in the inbox
 * transaction of the event it projects. Purchases come from `purchase.matched` alone: it carries the collected
 * purchase whole, with its items' products.
 */
export class Projection {
  /**
   * A connection as an event carries it (a later state is kept when events arrive out of order), and its customer id
   * copied onto its purchases and items. Under the connection's lock: a purchase projected at the same moment either
   * commits first and is updated here, or sees the connection and takes its customer (`upsertPurchases`).
   */
  static async upsertConnection(manager: EntityManager, teamId: string, connection: Connection, at: string) {
    await Projection.lockConnection(manager, connection.connection_id);
    const stored: Array<{ customer_id: string }> = await manager.query(
      `INSERT INTO mcp.connections (team_id, connection_id, customer_id, retailer_id, status, is_simulated, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (connection_id) DO UPDATE SET status = EXCLUDED.status, customer_id = EXCLUDED.customer_id,
         updated_at = EXCLUDED.updated_at
       WHERE mcp.connections.team_id = EXCLUDED.team_id AND mcp.connections.updated_at <= EXCLUDED.updated_at
       RETURNING customer_id`,
      connectionRow(teamId, connection, at),
    );
    if (stored.length === 0) return; // an older state, or another team's connection id
    const params = [connection.connection_id, teamId, stored[0]!.customer_id];
    await manager.query(
      `UPDATE mcp.purchases SET customer_id = $3
       WHERE connection_id = $1 AND team_id = $2 AND customer_id IS DISTINCT FROM $3`,
      params,
    );
    await manager.query(
      `UPDATE mcp.items SET customer_id = $3 WHERE customer_id IS DISTINCT FROM $3
         AND purchase_id IN (SELECT purchase_id FROM mcp.purchases WHERE connection_id = $1 AND team_id = $2)`,
      params,
    );
  }

  /**
   * Purchases (with their items) of one or more events, in three statements whatever their number: the shared locks
   * of their connections and their teams' catalogs, then the purchases and the items, each as one INSERT over a JSON
   * array. Their rows take the connection's sharing window (`visible_from`) as committed when the locks were granted.
   */
  static async upsertPurchases(
    manager: EntityManager,
    purchases: Array<{ teamId: string; purchase: PurchaseDetail; matchedAt?: string }>,
  ) {
    if (purchases.length === 0) return;
    const locks = [
      ...new Set(purchases.map(({ purchase }) => CONNECTION_LOCK + purchase.connection_id)),
      ...new Set(purchases.map(({ teamId }) => CATALOG_LOCK + teamId)),
    ].sort();
    await manager.query(`SELECT pg_advisory_xact_lock_shared(hashtextextended(key, 0)) FROM unnest($1::text[]) key`, [
      locks,
    ]);
    await manager.query(
      `INSERT INTO mcp.purchases (team_id, purchase_id, connection_id, retailer_id, purchased_at, purchase_type, currency,
         items_subtotal, discounts, shipping, fees, tax, total, item_count, is_simulated, visible_from, customer_id)
       SELECT p.team_id, p.purchase_id, p.connection_id, p.retailer_id, p.date, p.purchase_type, p.currency,
         p.items_subtotal, p.discounts, p.shipping, p.fees, p.tax, p.total, p.item_count, p.is_simulated,
         coalesce(s.history_start, '-infinity'), c.customer_id
       FROM jsonb_to_recordset($1::jsonb) AS p(team_id text, purchase_id text, connection_id text, retailer_id text,
         date timestamptz, purchase_type text, currency text, items_subtotal numeric, discounts numeric, shipping numeric,
         fees numeric, tax numeric, total numeric, item_count integer, is_simulated boolean)
       LEFT JOIN mcp.connection_sharing s ON s.connection_id = p.connection_id
       LEFT JOIN mcp.connections c ON c.connection_id = p.connection_id AND c.team_id = p.team_id
       WHERE NOT EXISTS (${DELETED_CONNECTION('p')})
       ORDER BY p.purchase_id
       ON CONFLICT (purchase_id) DO NOTHING`,
      [JSON.stringify(purchases.map(({ teamId, purchase }) => ({ ...purchase, items: undefined, team_id: teamId })))],
    );
    // One row per (purchase, line): an event repeated in the batch must not update a row twice in one statement.
    const items = new Map<string, Record<string, unknown>>();
    for (const { teamId, purchase, matchedAt } of purchases) {
      for (const item of purchase.items) {
        items.set(`${purchase.purchase_id}\u0000${item.item_id}`, {
          team_id: teamId,
          purchase_id: purchase.purchase_id,
          connection_id: purchase.connection_id,
          item_id: item.item_id,
          retailer_id: purchase.retailer_id,
          date: purchase.date,
          purchase_type: purchase.purchase_type,
          name: item.name,
          brand: item.brand,
          upc: item.upc,
          sku: item.sku,
          price: item.price,
          quantity: item.quantity,
          product_id: item.product?.product_id ?? null,
          product_name: item.product?.name ?? null,
          product_brand: item.product?.brand ?? null,
          is_simulated: purchase.is_simulated,
          matched_at: matchedAt ?? null,
        });
      }
    }
    if (items.size === 0) return;
    // A purchase collected and matched again rewrites only the items whose product changed: rewriting the others as
    // they were would cost a row version and two summary writes each. An item re-matched since this match, or whose
    // product was renamed, takes the re-match and the name (`rematchItems`, `renameProducts`): those events may be
    // projected before this one.
    await manager.query(
      `INSERT INTO mcp.items (team_id, purchase_id, item_id, retailer_id, purchased_at, purchase_type, name, brand, upc, sku,
         price, quantity, product_id, product_name, product_brand, is_simulated, visible_from, customer_id)
       SELECT i.team_id, i.purchase_id, i.item_id, i.retailer_id, i.date, i.purchase_type, i.name, i.brand, i.upc, i.sku,
         i.price, i.quantity, m.id, coalesce(n.name, m.name), CASE WHEN n.product_id IS NULL THEN m.brand ELSE n.brand END,
         i.is_simulated, coalesce(s.history_start, '-infinity'), c.customer_id
       FROM jsonb_to_recordset($1::jsonb) AS i(team_id text, purchase_id text, connection_id text, item_id text,
         retailer_id text, date timestamptz, purchase_type text, name text, brand text, upc text, sku text, price numeric,
         quantity integer, product_id text, product_name text, product_brand text, is_simulated boolean,
         matched_at timestamptz)
       LEFT JOIN mcp.connection_sharing s ON s.connection_id = i.connection_id
       LEFT JOIN mcp.connections c ON c.connection_id = i.connection_id AND c.team_id = i.team_id
       LEFT JOIN mcp.item_rematches r ON r.purchase_id = i.purchase_id AND r.item_id = i.item_id
         AND r.team_id = i.team_id AND r.rematched_at > coalesce(i.matched_at, '-infinity')
       CROSS JOIN LATERAL (SELECT
         CASE WHEN r.purchase_id IS NULL THEN i.product_id ELSE r.product_id END AS id,
         CASE WHEN r.purchase_id IS NULL THEN i.product_name ELSE r.product_name END AS name,
         CASE WHEN r.purchase_id IS NULL THEN i.product_brand ELSE r.product_brand END AS brand) m
       LEFT JOIN mcp.product_names n ON n.product_id = m.id AND n.team_id = i.team_id
       WHERE NOT EXISTS (${DELETED_CONNECTION('i')})
       ORDER BY i.purchase_id, i.item_id
       ON CONFLICT (purchase_id, item_id) DO UPDATE SET product_id = EXCLUDED.product_id,
         product_name = EXCLUDED.product_name, product_brand = EXCLUDED.product_brand
       WHERE mcp.items.team_id = EXCLUDED.team_id
         AND (mcp.items.product_id, mcp.items.product_name, mcp.items.product_brand)
             IS DISTINCT FROM (EXCLUDED.product_id, EXCLUDED.product_name, EXCLUDED.product_brand)`,
      [JSON.stringify([...items.values()])],
    );
  }

  /**
   * A connection's sharing preference (`sync.connection.sharing-changed.v1`): kept unless a later one is, and copied
   * onto the connection's purchases and items, whose row-level security hides rows dated before it. The connection's
   * lock makes a purchase projected at the same moment see it: whichever commits second includes the first.
   */
  static async applySharing(
    manager: EntityManager,
    teamId: string,
    sharing: { connectionId: string; historyWindowDays: number; historyStart: string },
    at: string,
  ) {
    await Projection.lockConnection(manager, sharing.connectionId);
    const applied: unknown[] = await manager.query(
      `INSERT INTO mcp.connection_sharing (connection_id, team_id, history_window_days, history_start, changed_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (connection_id) DO UPDATE SET history_window_days = EXCLUDED.history_window_days,
         history_start = EXCLUDED.history_start, changed_at = EXCLUDED.changed_at
       WHERE mcp.connection_sharing.team_id = EXCLUDED.team_id AND mcp.connection_sharing.changed_at <= EXCLUDED.changed_at
       RETURNING connection_id`,
      [sharing.connectionId, teamId, sharing.historyWindowDays, sharing.historyStart, at],
    );
    if (applied.length === 0) return; // an older preference, or another team's connection id
    await manager.query(
      `UPDATE mcp.purchases SET visible_from = $3 WHERE connection_id = $1 AND team_id = $2 AND visible_from <> $3`,
      [sharing.connectionId, teamId, sharing.historyStart],
    );
    await manager.query(SHARING_ONTO_ITEMS, [sharing.connectionId, teamId, sharing.historyStart]);
  }

  /**
   * A deleted connection (`sync.connection.deleted.v1`): its purchases and items go (the summaries follow through
   * their triggers) and the connection stays as a tombstone that row-level security hides from `ask`. Under the
   * connection's lock, so a purchase projected at the same moment either commits first and is removed here, or sees
   * the tombstone and is skipped (`upsertPurchases`).
   */
  static async deleteConnection(manager: EntityManager, teamId: string, connection: Connection, at: string) {
    await Projection.lockConnection(manager, connection.connection_id);
    const kept: unknown[] = await manager.query(
      `INSERT INTO mcp.connections (team_id, connection_id, customer_id, retailer_id, status, is_simulated, created_at,
         updated_at, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (connection_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at, updated_at = EXCLUDED.updated_at
       WHERE mcp.connections.team_id = EXCLUDED.team_id
       RETURNING connection_id`,
      connectionRow(teamId, connection, at),
    );
    if (kept.length === 0) return; // another team's connection id
    await manager.query(
      `DELETE FROM mcp.items WHERE purchase_id IN
         (SELECT purchase_id FROM mcp.purchases WHERE connection_id = $1 AND team_id = $2)`,
      [connection.connection_id, teamId],
    );
    await manager.query(`DELETE FROM mcp.purchases WHERE connection_id = $1 AND team_id = $2`, [
      connection.connection_id,
      teamId,
    ]);
  }

  /**
   * Items whose match a catalog change altered (`matching.items.rematched.v1`): the latest re-match of each is kept
   * in `mcp.item_rematches` (an item projected later takes it from there) and written onto the item, with its
   * product's latest name. The summaries and the names `ask` recognises follow through their triggers.
   */
  static async rematchItems(
    manager: EntityManager,
    teamId: string,
    items: Array<{ purchase_id: string; item_id: string; product: ProductRef | null }>,
    at: string,
  ) {
    if (items.length === 0) return;
    await Projection.lockCatalog(manager, teamId);
    await manager.query(
      `WITH latest AS (
         INSERT INTO mcp.item_rematches (purchase_id, item_id, team_id, product_id, product_name, product_brand, rematched_at)
         SELECT m.purchase_id, m.item_id, $1, m.product_id, m.name, m.brand, $3
         FROM jsonb_to_recordset($2::jsonb) AS m(purchase_id text, item_id text, product_id text, name text, brand text)
         ORDER BY m.purchase_id, m.item_id
         ON CONFLICT (purchase_id, item_id) DO UPDATE SET product_id = EXCLUDED.product_id,
           product_name = EXCLUDED.product_name, product_brand = EXCLUDED.product_brand, rematched_at = EXCLUDED.rematched_at
         WHERE mcp.item_rematches.team_id = EXCLUDED.team_id AND mcp.item_rematches.rematched_at <= EXCLUDED.rematched_at
         RETURNING purchase_id, item_id, product_id, product_name, product_brand)
       UPDATE mcp.items i SET product_id = l.product_id, product_name = coalesce(n.name, l.product_name),
         product_brand = CASE WHEN n.product_id IS NULL THEN l.product_brand ELSE n.brand END
       FROM latest l LEFT JOIN mcp.product_names n ON n.product_id = l.product_id AND n.team_id = $1
       WHERE i.purchase_id = l.purchase_id AND i.item_id = l.item_id AND i.team_id = $1
         AND (i.product_id, i.product_name, i.product_brand) IS DISTINCT FROM
             (l.product_id, coalesce(n.name, l.product_name), CASE WHEN n.product_id IS NULL THEN l.product_brand ELSE n.brand END)`,
      [
        teamId,
        JSON.stringify(items.map(({ purchase_id, item_id, product }) => ({ purchase_id, item_id, ...product }))),
        at,
      ],
    );
  }

  /**
   * Products created or changed (`matching.catalog.changed.v1`): the latest name of each (by catalog version) is
   * kept in `mcp.product_names` (an item projected later takes it from there) and shown on the items matched to it.
   */
  static async renameProducts(manager: EntityManager, teamId: string, products: ProductRef[], version: number) {
    if (products.length === 0) return;
    await Projection.lockCatalog(manager, teamId);
    await manager.query(
      `WITH latest AS (
         INSERT INTO mcp.product_names (product_id, team_id, name, brand, catalog_version)
         SELECT p.product_id, $1, p.name, p.brand, $3
         FROM jsonb_to_recordset($2::jsonb) AS p(product_id text, name text, brand text)
         ORDER BY p.product_id
         ON CONFLICT (product_id) DO UPDATE SET name = EXCLUDED.name, brand = EXCLUDED.brand,
           catalog_version = EXCLUDED.catalog_version
         WHERE mcp.product_names.team_id = EXCLUDED.team_id
           AND mcp.product_names.catalog_version <= EXCLUDED.catalog_version
         RETURNING product_id, name, brand)
       UPDATE mcp.items i SET product_name = l.name, product_brand = l.brand
       FROM latest l
       WHERE i.team_id = $1 AND i.product_id = l.product_id
         AND (i.product_name, i.product_brand) IS DISTINCT FROM (l.name, l.brand)`,
      [teamId, JSON.stringify(products), version],
    );
  }

  /** The connection's lock, exclusive: purchases being projected for it take it shared (`upsertPurchases`). */
  private static async lockConnection(manager: EntityManager, connectionId: string) {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [CONNECTION_LOCK + connectionId]);
  }

  /**
   * The team's catalog lock, exclusive: purchases being projected for the team take it shared (`upsertPurchases`), so
   * a re-match or a rename and a purchase of its items, projected by two consumers at the same moment (a replay after
   * `rebuild-read-model` runs them all at once), do not miss each other: whichever commits second sees the first.
   */
  private static async lockCatalog(manager: EntityManager, teamId: string) {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [CATALOG_LOCK + teamId]);
  }

  /**
   * The team's purged simulated connections and purchases (the connections kept as tombstones, under their locks, so
   * a late `connection.activated` or purchase of them is not shown); without a team, every simulated row before
   * `cutoff`.
   */
  static async purgeSimulated(
    manager: EntityManager,
    teamId: string | undefined,
    cutoff: string,
    connectionIds: string[],
    purchaseIds: string[],
  ) {
    if (teamId) {
      for (const id of [...connectionIds].sort()) await Projection.lockConnection(manager, id);
      await manager.query(
        `DELETE FROM mcp.items WHERE team_id = $1 AND is_simulated
           AND (purchase_id = ANY($2) OR purchase_id IN (SELECT purchase_id FROM mcp.purchases WHERE team_id = $1 AND connection_id = ANY($3)))`,
        [teamId, purchaseIds, connectionIds],
      );
      await manager.query(
        `DELETE FROM mcp.purchases WHERE team_id = $1 AND is_simulated AND (purchase_id = ANY($2) OR connection_id = ANY($3))`,
        [teamId, purchaseIds, connectionIds],
      );
      // Tombstones, as for a deleted connection: its `connection.activated` may be projected after this.
      await manager.query(
        `INSERT INTO mcp.connections (team_id, connection_id, customer_id, retailer_id, status, is_simulated, created_at,
           updated_at, deleted_at)
         SELECT $1, id, '', '', 'disconnected', true, $3, $3, $3 FROM unnest($2::text[]) id ORDER BY id
         ON CONFLICT (connection_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at
         WHERE mcp.connections.team_id = EXCLUDED.team_id AND mcp.connections.is_simulated`,
        [teamId, connectionIds, cutoff],
      );
      return;
    }
    await manager.query(`DELETE FROM mcp.items WHERE is_simulated AND purchased_at < $1`, [cutoff]);
    await manager.query(`DELETE FROM mcp.purchases WHERE is_simulated AND purchased_at < $1`, [cutoff]);
    await manager.query(
      `DELETE FROM mcp.connections c WHERE is_simulated AND created_at < $1
         AND NOT EXISTS (SELECT 1 FROM mcp.purchases p WHERE p.connection_id = c.connection_id)`,
      [cutoff],
    );
  }
}
