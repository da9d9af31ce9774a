import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ItemMatchEntity } from './item-match.entity.js';

@Injectable()
export class ItemMatchRepository {
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
}
