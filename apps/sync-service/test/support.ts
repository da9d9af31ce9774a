import { HttpException } from '@nestjs/common';
import { type Actor } from '@cps/contracts';
import pg from 'pg';

/** The caller recorded in activity entries by these tests. */
export const API_ACTOR: Actor = { source: 'API', idType: 'client_api_key', idName: 'backend key' };

/** The `{status, detail}` a service refused a request with (the RpcClient turns it into an HttpException). */
export async function refusalOf(promise: Promise<unknown>): Promise<{ status: number; detail: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) {
      return { status: error.getStatus(), detail: (error.getResponse() as { detail: unknown }).detail };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Direct SQL on the test database, for setting up states no API reaches and for checking what is stored. */
export async function connectDb(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

let purchaseSeq = 0;

/**
 * Inserts a purchase of a connection with a fixed date (and one item), as collection would store it (marked as
 * stored before event ids were kept, so the reconciliation job does not publish it).
 * Ids are given so tests control the tie order on equal dates. The fixed dates lie further back than the default
 * sharing preference (365 days before the link), so the connection is given the widest window (ten years).
 */
export async function insertPurchase(
  db: pg.Client,
  purchase: { id: string; teamId: string; connectionId: string; retailerId: string; date: string; total?: string },
): Promise<void> {
  purchaseSeq += 1;
  const total = purchase.total ?? '10.00';
  await db.query(
    `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, retailer_order_id, date, purchase_type,
                                 items_subtotal, total, collected_event_id)
     VALUES ($1, $2, $3, $4, $5, $6, 'online', $7, $7, 'legacy:' || $1)`,
    [
      purchase.id,
      purchase.teamId,
      purchase.connectionId,
      purchase.retailerId,
      `order-${purchaseSeq}`,
      purchase.date,
      total,
    ],
  );
  await db.query(
    `INSERT INTO sync.purchase_items (id, purchase_id, position, name, brand, upc, sku, price, quantity)
     VALUES ($1, $2, 0, 'Sparkling Water 12pk', 'Fizz', '00012345678905', 'FZ-12', $3, 1)`,
    [`${purchase.id}-item`, purchase.id, total],
  );
  await db.query(`UPDATE sync.connections SET history_window_days = 3650 WHERE id = $1`, [purchase.connectionId]);
}
