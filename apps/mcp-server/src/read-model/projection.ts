import { type Connection, type PurchaseDetail } from '@cps/contracts';
import { type EntityManager } from 'typeorm';

/**
 * Writes of the read model (ADR 0016), each idempotent (upserts keyed by the platform's ids) and run in the inbox
 * transaction of the event it projects. `purchase.matched` may arrive before or after `purchase.collected`: the
 * purchase row is the same either way, and only a matched event writes item products.
 */
export class Projection {
  static async upsertConnection(manager: EntityManager, teamId: string, connection: Connection, at: string) {
    await manager.query(
      `INSERT INTO mcp.connections (team_id, connection_id, customer_id, retailer_id, status, is_simulated, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (connection_id) DO UPDATE SET status = EXCLUDED.status, customer_id = EXCLUDED.customer_id,
         updated_at = EXCLUDED.updated_at
       WHERE mcp.connections.team_id = EXCLUDED.team_id AND mcp.connections.updated_at <= EXCLUDED.updated_at`,
      [
        teamId,
        connection.connection_id,
        connection.customer_id,
        connection.retailer_id,
        connection.status === 'revoked' ? 'disconnected' : connection.status,
        connection.is_simulated,
        connection.created_at,
        at,
      ],
    );
  }

  static async upsertPurchase(manager: EntityManager, teamId: string, purchase: PurchaseDetail, matched: boolean) {
    await manager.query(
      `INSERT INTO mcp.purchases (team_id, purchase_id, connection_id, retailer_id, purchased_at, purchase_type, currency,
         items_subtotal, discounts, shipping, fees, tax, total, item_count, is_simulated)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (purchase_id) DO NOTHING`,
      [
        teamId,
        purchase.purchase_id,
        purchase.connection_id,
        purchase.retailer_id,
        purchase.date,
        purchase.purchase_type,
        purchase.currency,
        purchase.items_subtotal,
        purchase.discounts,
        purchase.shipping,
        purchase.fees,
        purchase.tax,
        purchase.total,
        purchase.item_count,
        purchase.is_simulated,
      ],
    );
    if (purchase.items.length === 0) return;
    const rows = purchase.items.map((item) => [
      teamId,
      purchase.purchase_id,
      item.item_id,
      purchase.retailer_id,
      purchase.date,
      purchase.purchase_type,
      item.name,
      item.brand,
      item.upc,
      item.sku,
      item.price,
      item.quantity,
      matched ? (item.product?.product_id ?? null) : null,
      matched ? (item.product?.name ?? null) : null,
      matched ? (item.product?.brand ?? null) : null,
      purchase.is_simulated,
    ]);
    const width = rows[0]!.length;
    const values = rows
      .map((_, row) => `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`)
      .join(', ');
    await manager.query(
      `INSERT INTO mcp.items (team_id, purchase_id, item_id, retailer_id, purchased_at, purchase_type, name, brand, upc, sku,
         price, quantity, product_id, product_name, product_brand, is_simulated)
       VALUES ${values}
       ON CONFLICT (purchase_id, item_id) DO ${
         matched
           ? `UPDATE SET product_id = EXCLUDED.product_id, product_name = EXCLUDED.product_name,
                product_brand = EXCLUDED.product_brand WHERE mcp.items.team_id = EXCLUDED.team_id`
           : 'NOTHING'
       }`,
      rows.flat(),
    );
  }

  /** The team's purged simulated connections and purchases; without a team, every simulated row before `cutoff`. */
  static async purgeSimulated(
    manager: EntityManager,
    teamId: string | undefined,
    cutoff: string,
    connectionIds: string[],
    purchaseIds: string[],
  ) {
    if (teamId) {
      await manager.query(
        `DELETE FROM mcp.items WHERE team_id = $1 AND is_simulated
           AND (purchase_id = ANY($2) OR purchase_id IN (SELECT purchase_id FROM mcp.purchases WHERE team_id = $1 AND connection_id = ANY($3)))`,
        [teamId, purchaseIds, connectionIds],
      );
      await manager.query(
        `DELETE FROM mcp.purchases WHERE team_id = $1 AND is_simulated AND (purchase_id = ANY($2) OR connection_id = ANY($3))`,
        [teamId, purchaseIds, connectionIds],
      );
      await manager.query(
        `DELETE FROM mcp.connections WHERE team_id = $1 AND is_simulated AND connection_id = ANY($2)`,
        [teamId, connectionIds],
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
