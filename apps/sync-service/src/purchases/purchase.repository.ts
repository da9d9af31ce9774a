import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { ConnectionEntity } from '../connections/connection.entity.js';
import { PurchaseEntity, PurchaseItemEntity, type PurchaseWithItems } from './purchase.entity.js';

/**
 * The first instant a connection's sharing preference lets the brand see (libs/domain `historyWindowStart`):
 * its history window before the first link (simulated connections: their creation).
 */
export const HISTORY_WINDOW_START_SQL = `COALESCE(c.first_linked_at, c.created_at) - make_interval(days => c.history_window_days)`;

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
   * Stores a collected purchase unless the connection already has this retailer order (unique by retailer
   * order id, so two pollers racing on one order store it once); true when this call stored it.
   */
  async insertIfNew(tx: EntityManager, { purchase, items }: PurchaseWithItems): Promise<boolean> {
    const result = await tx
      .createQueryBuilder()
      .insert()
      .into(PurchaseEntity)
      .values(purchase)
      .orIgnore()
      .returning('id')
      .execute();
    if ((result.raw as unknown[]).length === 0) return false;
    if (items.length > 0) await tx.insert(PurchaseItemEntity, items);
    return true;
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

  /** Whether the purchase is one of this connection's (a valid paging cursor). */
  async belongsTo(teamId: string, connectionId: string, purchaseId: string): Promise<boolean> {
    return this.readable(teamId)
      .andWhere('p.id = :purchaseId AND p.connection_id = :connectionId', { purchaseId, connectionId })
      .getExists();
  }

  /**
   * One connection's purchases, newest purchase date first, ties broken by id (descending), so paging
   * with `startingAfter` (a purchase of the connection) never skips or repeats one.
   */
  async listForConnection(
    teamId: string,
    connectionId: string,
    page: { startingAfter?: string; limit: number },
  ): Promise<PurchaseEntity[]> {
    const query = this.readable(teamId).andWhere('p.connection_id = :connectionId', { connectionId });
    if (page.startingAfter !== undefined) {
      // Compared in SQL against the stored row, so the cursor keeps Postgres' microsecond precision.
      query.andWhere(
        `(p.date, p.id) < (SELECT a.date, a.id FROM sync.purchases a
                            WHERE a.id = :startingAfter AND a.connection_id = :connectionId AND a.team_id = :teamId)`,
        { startingAfter: page.startingAfter },
      );
    }
    return query.orderBy('p.date', 'DESC').addOrderBy('p.id', 'DESC').limit(page.limit).getMany();
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
