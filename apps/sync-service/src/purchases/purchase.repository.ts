import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { PurchaseEntity, PurchaseItemEntity, type PurchaseWithItems } from './purchase.entity.js';

@Injectable()
export class PurchaseRepository {
  async insert(tx: EntityManager, purchases: PurchaseWithItems[]): Promise<void> {
    if (purchases.length === 0) return;
    await tx.insert(
      PurchaseEntity,
      purchases.map(({ purchase }) => purchase),
    );
    const items = purchases.flatMap(({ items }) => items);
    if (items.length > 0) await tx.insert(PurchaseItemEntity, items);
  }
}
