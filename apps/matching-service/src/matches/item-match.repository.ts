import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type ProductRef } from '@cps/contracts';
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

  /** Writes the matches of a purchase; matching the same item again replaces its previous result. */
  async save(tx: EntityManager, matches: ItemMatchEntity[]): Promise<void> {
    if (matches.length === 0) return;
    await tx
      .createQueryBuilder()
      .insert()
      .into(ItemMatchEntity)
      .values(matches)
      .orUpdate(['team_id', 'product_id', 'method', 'matched_at'], ['purchase_id', 'item_id'])
      .execute();
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
}
