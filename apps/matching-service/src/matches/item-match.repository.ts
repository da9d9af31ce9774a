import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type MatchingContracts, type ProductRef } from '@cps/contracts';
import { type EntityManager, Repository } from 'typeorm';
import { ItemMatchEntity } from './item-match.entity.js';

/** An item of a purchase and the team's product it was matched to (null when none matched). */
export interface ItemMatchView {
  itemId: string;
  product: ProductRef | null;
}

interface MatchRow {
  item_id: string;
  product_id: string | null;
  name: string | null;
  brand: string | null;
  upc: string | null;
}

@Injectable()
export class ItemMatchRepository {
  constructor(
    @InjectRepository(ItemMatchEntity)
    private readonly matches: Repository<ItemMatchEntity>,
  ) {}

  /**
   * Writes matches, matching the same item again replaces its previous result. One statement whatever their number,
   * the same text for any batch (`unnest`), so it is prepared once (ADR 0018); `matches` holds an item once.
   */
  async save(tx: EntityManager, matches: readonly ItemMatchEntity[]): Promise<void> {
    if (matches.length === 0) return;
    await tx.query(
      `INSERT INTO matching.item_matches
         (team_id, purchase_id, item_id, product_id, method, confidence, matched_at, retailer_id, purchase_date,
          item_name, item_brand, item_upc, item_sku, quantity, price, is_simulated)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[],
                            $7::timestamptz[], $8::text[], $9::timestamptz[], $10::text[], $11::text[], $12::text[],
                            $13::text[], $14::integer[], $15::numeric[], $16::boolean[])
       ON CONFLICT (purchase_id, item_id) DO UPDATE SET
         team_id = excluded.team_id, product_id = excluded.product_id, method = excluded.method,
         confidence = excluded.confidence, matched_at = excluded.matched_at, retailer_id = excluded.retailer_id,
         purchase_date = excluded.purchase_date, item_name = excluded.item_name, item_brand = excluded.item_brand,
         item_upc = excluded.item_upc, item_sku = excluded.item_sku, quantity = excluded.quantity,
         price = excluded.price, is_simulated = excluded.is_simulated`,
      [
        matches.map((m) => m.teamId),
        matches.map((m) => m.purchaseId),
        matches.map((m) => m.itemId),
        matches.map((m) => m.productId),
        matches.map((m) => m.method),
        matches.map((m) => m.confidence),
        matches.map((m) => m.matchedAt),
        matches.map((m) => m.retailerId),
        matches.map((m) => m.purchaseDate),
        matches.map((m) => m.itemName),
        matches.map((m) => m.itemBrand),
        matches.map((m) => m.itemUpc),
        matches.map((m) => m.itemSku),
        matches.map((m) => m.quantity),
        matches.map((m) => m.price),
        matches.map((m) => m.isSimulated),
      ],
    );
  }

  /**
   * One page (by purchase and item id) of the team's items bought since `since` whose item data is kept, for a
   * re-match; `after` is the last [purchaseId, itemId] of the previous page.
   */
  async listRecent(
    tx: EntityManager,
    teamId: string,
    since: Date,
    limit: number,
    after: [string, string] | null,
  ): Promise<ItemMatchEntity[]> {
    const query = tx
      .createQueryBuilder(ItemMatchEntity, 'm')
      .where('m.teamId = :teamId AND m.purchaseDate >= :since', { teamId, since })
      .orderBy('m.purchaseId', 'ASC')
      .addOrderBy('m.itemId', 'ASC')
      .limit(limit);
    if (after)
      query.andWhere('(m.purchaseId, m.itemId) > (:purchaseId, :itemId)', { purchaseId: after[0], itemId: after[1] });
    return query.getMany();
  }

  /** Sets new match results of items already stored (the team's). */
  async updateResults(
    tx: EntityManager,
    teamId: string,
    results: Array<Pick<ItemMatchEntity, 'purchaseId' | 'itemId' | 'productId' | 'method' | 'confidence'>>,
    matchedAt: Date,
  ): Promise<void> {
    if (results.length === 0) return;
    await tx.query(
      `UPDATE matching.item_matches m
          SET product_id = r.product_id, method = r.method, confidence = r.confidence, matched_at = $7
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[])
              AS r (purchase_id, item_id, product_id, method, confidence)
        WHERE m.team_id = $1 AND m.purchase_id = r.purchase_id AND m.item_id = r.item_id`,
      [
        teamId,
        results.map((r) => r.purchaseId),
        results.map((r) => r.itemId),
        results.map((r) => r.productId),
        results.map((r) => r.method),
        results.map((r) => r.confidence),
        matchedAt,
      ],
    );
  }

  /** The team's match results for one purchase, by item id; items never matched have no row. */
  async listForPurchase(teamId: string, purchaseId: string): Promise<ItemMatchView[]> {
    const rows: MatchRow[] = await this.matches.query(
      `SELECT m.item_id, p.id AS product_id, p.name, p.brand, p.upc
         FROM matching.item_matches m
         LEFT JOIN matching.products p ON p.id = m.product_id AND p.team_id = m.team_id
        WHERE m.team_id = $1 AND m.purchase_id = $2
        ORDER BY m.item_id`,
      [teamId, purchaseId],
    );
    return rows.map((row) => ({
      itemId: row.item_id,
      product:
        row.product_id === null
          ? null
          : { product_id: row.product_id, name: row.name ?? '', brand: row.brand, upc: row.upc },
    }));
  }

  /**
   * The team's products bought most in a date range (UTC days, both included) by real or simulated shoppers, summed
   * from the daily figures a trigger keeps on every item match write (matching migration 1739300000000).
   */
  async topProducts(
    teamId: string,
    range: { from: string; to: string; simulated: boolean },
    limit: number,
  ): Promise<MatchingContracts.TopProduct[]> {
    return this.matches.query(
      `SELECT p.id AS product_id, p.name, p.brand, p.upc, t.units::int AS units, t.spend::numeric(16, 2)::text AS spend
       FROM (SELECT product_id, sum(units) AS units, sum(spend) AS spend
             FROM matching.top_product_days
             WHERE team_id = $1 AND is_simulated = $2 AND day BETWEEN $3::date AND $4::date
             GROUP BY product_id HAVING sum(units) > 0) t
       JOIN matching.products p ON p.id = t.product_id AND p.team_id = $1
       ORDER BY t.units DESC, t.spend DESC, p.name, p.id
       LIMIT $5`,
      [teamId, range.simulated, range.from, range.to, limit],
    );
  }
}
