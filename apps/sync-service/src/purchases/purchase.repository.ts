import { Injectable } from '@nestjs/common';
import { type PurchaseType } from '@cps/domain';
import { InjectRepository } from '@nestjs/typeorm';
import { PreparedStatement } from '@cps/persistence';
import { type EntityManager, Repository } from 'typeorm';
import { ConnectionEntity } from '../connections/connection.entity.js';
import { PurchaseEntity, PurchaseItemEntity, type PurchaseWithItems } from './purchase.entity.js';

/**
 * The first instant a connection's sharing preference lets the brand see (libs/domain `historyWindowStart`):
 * its history window before the first link (simulated connections: their creation).
 */
export const HISTORY_WINDOW_START_SQL = `COALESCE(c.first_linked_at, c.created_at) - make_interval(days => c.history_window_days)`;

/** A row of a purchase page (GET /purchases), as Postgres returns it. */
export interface PurchasePageRow {
  id: string;
  /** ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it (formatted by Postgres: ISO_DATE_SQL). */
  date: string;
  total: string;
  purchase_type: PurchaseType;
}

/**
 * Purchases of the team's connections. Every read takes the team id and sees only purchases of
 * connections that are not deleted.
 */
@Injectable()
export class PurchaseRepository {
  constructor(
    @InjectRepository(PurchaseEntity)
    private readonly purchases: Repository<PurchaseEntity>,
  ) {}

  async insert(tx: EntityManager, purchases: PurchaseWithItems[]): Promise<void> {
    if (purchases.length === 0) return;
    await tx.insert(
      PurchaseEntity,
      purchases.map(({ purchase }) => purchase),
    );
    const items = purchases.flatMap(({ items }) => items);
    if (items.length > 0) await tx.insert(PurchaseItemEntity, items);
  }

  /**
   * Stores the collected purchases the connection does not have yet (unique by retailer order id, so two pollers
   * racing on one order store it once), with their items, in one statement; answers the ids this call stored.
   */
  async insertNew(tx: EntityManager, rows: readonly PurchaseWithItems[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const purchases = rows.map(({ purchase: p, items: lines }) => ({
      id: p.id,
      team_id: p.teamId,
      connection_id: p.connectionId,
      retailer_id: p.retailerId,
      retailer_order_id: p.retailerOrderId,
      date: p.date,
      purchase_type: p.purchaseType,
      currency: p.currency,
      items_subtotal: p.itemsSubtotal,
      discounts: p.discounts,
      shipping: p.shipping,
      fees: p.fees,
      tax: p.tax,
      total: p.total,
      is_simulated: p.isSimulated,
      created_at: p.createdAt,
      collected_event_id: p.collectedEventId ?? null,
      quiet: p.quiet ?? false,
      // The items' sum, so the items trigger has nothing to add (migration 1739400000000).
      units: lines.reduce((sum, line) => sum + line.quantity, 0),
    }));
    const items = rows.flatMap(({ items }) =>
      items.map((i) => ({
        id: i.id,
        purchase_id: i.purchaseId,
        position: i.position,
        name: i.name,
        brand: i.brand,
        upc: i.upc,
        sku: i.sku,
        price: i.price,
        quantity: i.quantity,
      })),
    );
    // Items go in only for the purchases this statement inserted (the others' items are already stored).
    const inserted: Array<{ id: string }> = await tx.query(
      `WITH stored AS (
         INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, retailer_order_id, date, purchase_type,
                currency, items_subtotal, discounts, shipping, fees, tax, total, is_simulated, created_at,
                collected_event_id, quiet, units)
         SELECT id, team_id, connection_id, retailer_id, retailer_order_id, date, purchase_type, currency,
                items_subtotal, discounts, shipping, fees, tax, total, is_simulated, created_at, collected_event_id, quiet,
                units
           FROM json_populate_recordset(NULL::sync.purchases, $1::json)
         ON CONFLICT DO NOTHING
         RETURNING id
       ), stored_items AS (
         INSERT INTO sync.purchase_items (id, purchase_id, position, name, brand, upc, sku, price, quantity)
         SELECT i.id, i.purchase_id, i.position, i.name, i.brand, i.upc, i.sku, i.price, i.quantity
           FROM json_populate_recordset(NULL::sync.purchase_items, $2::json) i
           JOIN stored ON stored.id = i.purchase_id
       )
       SELECT id FROM stored`,
      [JSON.stringify(purchases), JSON.stringify(items)],
    );
    return new Set(inserted.map((row) => row.id));
  }

  /** Which of these retailer orders the connection has already stored (so their detail is not fetched again). */
  async storedRetailerOrderIds(teamId: string, connectionId: string, retailerOrderIds: string[]): Promise<Set<string>> {
    if (retailerOrderIds.length === 0) return new Set();
    const rows: Array<{ retailer_order_id: string }> = await this.purchases.query(
      `SELECT retailer_order_id FROM sync.purchases
        WHERE team_id = $1 AND connection_id = $2 AND retailer_order_id = ANY($3)`,
      [teamId, connectionId, retailerOrderIds],
    );
    return new Set(rows.map((row) => row.retailer_order_id));
  }

  /** A purchase with its items (in receipt order); with `connectionId`, only when it belongs to that connection. */
  async findOwned(teamId: string, purchaseId: string, connectionId?: string): Promise<PurchaseWithItems | null> {
    const query = this.readable(teamId).andWhere('p.id = :purchaseId', { purchaseId });
    if (connectionId !== undefined) query.andWhere('p.connection_id = :connectionId', { connectionId });
    const purchase = await query.getOne();
    if (!purchase) return null;
    const items = await this.purchases.manager.find(PurchaseItemEntity, {
      where: { purchaseId: purchase.id },
      order: { position: 'ASC' },
    });
    return { purchase, items };
  }

  /**
   * One page of a connection's purchases, newest purchase date first, ties broken by id (descending), so paging
   * with `startingAfter` (a purchase of the connection) never skips or repeats one. One statement answers
   * whether the connection is the team's, whether the cursor is one of its readable purchases, and the page:
   * `null` when the connection is not found, `'bad-cursor'` when the cursor is not a purchase of it.
   */
  async pageForConnection(
    teamId: string,
    connectionId: string,
    page: { startingAfter?: string; limit: number },
  ): Promise<PurchasePageRow[] | 'bad-cursor' | null> {
    const dataSource = this.purchases.manager.connection;
    const rows: Array<PurchasePageRow & { cursor?: string | null }> =
      page.startingAfter === undefined
        ? await FIRST_PAGE.run(dataSource, [teamId, connectionId, page.limit])
        : await NEXT_PAGE.run(dataSource, [teamId, connectionId, page.startingAfter, page.limit]);
    if (rows.length === 0) return null;
    if (page.startingAfter !== undefined && rows[0]!.cursor === null) return 'bad-cursor';
    return rows[0]!.id === null ? [] : rows;
  }

  /**
   * What the brand may read: purchases of its connections that are not deleted, inside the shopper's current
   * sharing preference (a narrower window chosen by re-linking hides what was stored before).
   */
  private readable(teamId: string) {
    return this.purchases
      .createQueryBuilder('p')
      .innerJoin(ConnectionEntity, 'c', 'c.id = p.connection_id AND c.team_id = p.team_id AND c.deleted_at IS NULL')
      .where('p.team_id = :teamId', { teamId })
      .andWhere(`p.date >= ${HISTORY_WINDOW_START_SQL}`);
  }
}

/**
 * A page's `p.date` as the API writes it (`2026-01-02T03:04:05.678Z`, milliseconds truncated as a JS Date keeps them):
 * Postgres formats it, so a page of 50 is not parsed into Date objects only to be written back as text.
 */
const ISO_DATE_SQL = `to_char(p.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * GET /purchases, first page: the connection (no row: unknown, deleted or not the team's) and its newest purchases, in
 * one statement (a row of nulls: none).
 */
const FIRST_PAGE = new PreparedStatement<PurchasePageRow>(
  `SELECT p.id, ${ISO_DATE_SQL} AS date, p.total, p.purchase_type
     FROM sync.connections c
     LEFT JOIN LATERAL (
       SELECT p.id, p.date, p.total, p.purchase_type FROM sync.purchases p
        WHERE p.team_id = c.team_id AND p.connection_id = c.id AND p.date >= ${HISTORY_WINDOW_START_SQL}
        ORDER BY p.date DESC, p.id DESC
        LIMIT $3
     ) p ON true
    WHERE c.id = $2 AND c.team_id = $1 AND c.deleted_at IS NULL`,
);

/**
 * GET /purchases after a cursor: the connection, the cursor's purchase (`cursor` null: not a readable purchase of
 * this connection) and the page after it. Compared in SQL against the stored row, so the cursor keeps Postgres'
 * microsecond precision. A statement of its own, not the first page's with "or no cursor": the row comparison is
 * then an index condition, so a page 40,000 purchases deep reads 51 index entries instead of skipping 40,000 (0.03
 * instead of 5-9 ms; ADR 0018).
 */
const NEXT_PAGE = new PreparedStatement<PurchasePageRow & { cursor: string | null }>(
  `SELECT a.id AS cursor, p.id, ${ISO_DATE_SQL} AS date, p.total, p.purchase_type
     FROM sync.connections c
     LEFT JOIN LATERAL (
       SELECT a.id, a.date FROM sync.purchases a
        WHERE a.id = $3 AND a.connection_id = c.id AND a.team_id = c.team_id AND a.date >= ${HISTORY_WINDOW_START_SQL}
     ) a ON true
     LEFT JOIN LATERAL (
       SELECT p.id, p.date, p.total, p.purchase_type FROM sync.purchases p
        WHERE p.team_id = c.team_id AND p.connection_id = c.id AND p.date >= ${HISTORY_WINDOW_START_SQL}
          AND (p.date, p.id) < (a.date, a.id)
        ORDER BY p.date DESC, p.id DESC
        LIMIT $4
     ) p ON true
    WHERE c.id = $2 AND c.team_id = $1 AND c.deleted_at IS NULL`,
);
