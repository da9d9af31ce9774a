import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { groupBy, type PurchaseType } from '@cps/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { selectRows } from '../common/sql.js';
import { type OrderDraft, type OrderLine } from './order-generator.js';

export interface StoredOrder extends OrderDraft {
  id: string;
  /** The account's running order number: the order the orders appeared in, not their dates. */
  seq: number;
}

export interface OrderSummary {
  id: string;
  seq: number;
  orderedAt: Date;
  channel: PurchaseType;
  currency: string;
  totalCents: number;
  itemCount: number;
}

interface OrderRow {
  id: string;
  seq: string;
  ordered_at: Date;
  channel: PurchaseType;
  store_number: string | null;
  currency: string;
  subtotal_cents: string;
  discounts_cents: string;
  shipping_cents: string;
  fees_cents: string;
  tax_cents: string;
  total_cents: string;
}

interface ItemRow {
  name: string;
  brand: string | null;
  upc: string | null;
  sku: string | null;
  unit_price_cents: string;
  quantity: number;
}

@Injectable()
export class OrderRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores orders and their lines in two statements, whatever their number. */
  async insert(tx: EntityManager, accountId: string, orders: StoredOrder[], createdAt: Date): Promise<void> {
    if (orders.length === 0) return;
    await selectRows(
      tx,
      `INSERT INTO sandbox.orders (id, account_id, seq, ordered_at, channel, store_number, currency, subtotal_cents,
         discounts_cents, shipping_cents, fees_cents, tax_cents, total_cents, created_at)
       SELECT o.id, $2, o.seq, o.ordered_at, o.channel, o.store_number, o.currency, o.subtotal, o.discounts,
              o.shipping, o.fees, o.tax, o.total, $3
         FROM jsonb_to_recordset($1::jsonb) AS o(id text, seq bigint, ordered_at timestamptz, channel text,
              store_number text, currency text, subtotal bigint, discounts bigint, shipping bigint, fees bigint,
              tax bigint, total bigint)`,
      [
        JSON.stringify(
          orders.map((order) => ({
            id: order.id,
            seq: order.seq,
            ordered_at: order.orderedAt.toISOString(),
            channel: order.channel,
            store_number: order.storeNumber,
            currency: order.currency,
            subtotal: order.totals.itemsSubtotal,
            discounts: order.totals.discounts,
            shipping: order.totals.shipping,
            fees: order.totals.fees,
            tax: order.totals.tax,
            total: order.totals.total,
          })),
        ),
        accountId,
        createdAt,
      ],
    );
    await selectRows(
      tx,
      `INSERT INTO sandbox.order_items (order_id, position, name, brand, upc, sku, unit_price_cents, quantity)
       SELECT i.order_id, i.position, i.name, i.brand, i.upc, i.sku, i.unit_price, i.quantity
         FROM jsonb_to_recordset($1::jsonb) AS i(order_id text, position int, name text, brand text, upc text,
              sku text, unit_price bigint, quantity int)`,
      [
        JSON.stringify(
          orders.flatMap((order) =>
            order.lines.map((line, position) => ({
              order_id: order.id,
              position,
              name: line.name,
              brand: line.brand,
              upc: line.upc,
              sku: line.sku,
              unit_price: line.unitPriceCents,
              quantity: line.quantity,
            })),
          ),
        ),
      ],
    );
  }

  /** Up to `limit` of the account's orders numbered after `afterSeq`, in number order. */
  async listAfter(accountId: string, afterSeq: number, limit: number): Promise<OrderSummary[]> {
    const rows = await selectRows<{
      id: string;
      seq: string;
      ordered_at: Date;
      channel: PurchaseType;
      currency: string;
      total_cents: string;
      item_count: number;
    }>(
      this.db,
      `SELECT o.id, o.seq, o.ordered_at, o.channel, o.currency, o.total_cents,
              (SELECT coalesce(sum(i.quantity), 0) FROM sandbox.order_items i WHERE i.order_id = o.id)::int AS item_count
         FROM sandbox.orders o
        WHERE o.account_id = $1 AND o.seq > $2
        ORDER BY o.seq
        LIMIT $3`,
      [accountId, afterSeq, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      seq: Number(row.seq),
      orderedAt: row.ordered_at,
      channel: row.channel,
      currency: row.currency,
      totalCents: Number(row.total_cents),
      itemCount: row.item_count,
    }));
  }

  /** The account's order with its lines; null for another account's order (as if it did not exist). */
  async find(accountId: string, orderId: string): Promise<StoredOrder | null> {
    return (await this.findMany(accountId, [orderId]))[0] ?? null;
  }

  /** The account's orders among `orderIds` with their lines, in two statements; others are left out. */
  async findMany(accountId: string, orderIds: string[]): Promise<StoredOrder[]> {
    const rows = await selectRows<OrderRow>(
      this.db,
      `SELECT * FROM sandbox.orders WHERE id = ANY($1::text[]) AND account_id = $2`,
      [orderIds, accountId],
    );
    if (rows.length === 0) return [];
    const items = await selectRows<ItemRow & { order_id: string }>(
      this.db,
      `SELECT order_id, name, brand, upc, sku, unit_price_cents, quantity FROM sandbox.order_items
        WHERE order_id = ANY($1::text[]) ORDER BY order_id, position`,
      [rows.map((row) => row.id)],
    );
    const linesOf = groupBy(items, (item) => item.order_id);
    return rows.map((row) => toStoredOrder(row, linesOf.get(row.id) ?? []));
  }
}

function toStoredOrder(row: OrderRow, items: ItemRow[]): StoredOrder {
  const lines: OrderLine[] = items.map((item) => ({
    name: item.name,
    brand: item.brand,
    upc: item.upc,
    sku: item.sku,
    unitPriceCents: Number(item.unit_price_cents),
    quantity: item.quantity,
  }));
  return {
    id: row.id,
    seq: Number(row.seq),
    orderedAt: row.ordered_at,
    channel: row.channel,
    storeNumber: row.store_number,
    currency: 'USD',
    lines,
    totals: {
      itemsSubtotal: Number(row.subtotal_cents),
      discounts: Number(row.discounts_cents),
      shipping: Number(row.shipping_cents),
      fees: Number(row.fees_cents),
      tax: Number(row.tax_cents),
      total: Number(row.total_cents),
    },
  };
}
