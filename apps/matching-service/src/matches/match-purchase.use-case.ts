import { Injectable } from '@nestjs/common';
import { MatchingContracts, type PurchaseDetail, type ProductRef } from '@cps/contracts';
import { matchItems, matchKeys } from '@cps/domain';
import { type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { EventOutbox } from '../common/event-outbox.js';
import { type ProductEntity } from '../products/product.entity.js';
import { ProductRepository } from '../products/product.repository.js';
import { ItemMatchRepository } from './item-match.repository.js';

export interface MatchPurchaseCommand {
  teamId: string;
  correlationId: string;
  purchase: PurchaseDetail;
}

/**
 * Matches a collected purchase's items to the team's products (GTIN, then SKU), stores the matches and
 * records `matching.purchase.matched.v1`, all through `tx`: the caller's inbox transaction.
 */
@Injectable()
export class MatchPurchaseUseCase {
  constructor(
    private readonly products: ProductRepository,
    private readonly matches: ItemMatchRepository,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async execute(command: MatchPurchaseCommand, tx: EntityManager): Promise<PurchaseDetail> {
    const { teamId, purchase } = command;
    const candidates = await this.products.findByGtinsOrSkus(teamId, matchKeys(purchase.items), tx);
    const results = matchItems(purchase.items, candidates);
    const matchedAt = this.clock.now();
    await this.matches.save(
      tx,
      purchase.items.map((item, index) => {
        const result = results[index] ?? { method: 'none', product: null };
        return {
          teamId,
          purchaseId: purchase.purchase_id,
          itemId: item.item_id,
          productId: result.product?.id ?? null,
          method: result.method,
          matchedAt,
        };
      }),
    );
    const matched: PurchaseDetail = {
      ...purchase,
      items: purchase.items.map((item, index) => ({ ...item, product: toProductRef(results[index]?.product ?? null) })),
    };
    await this.outbox.record(
      tx,
      MatchingContracts.purchaseMatched,
      { purchase: matched },
      { teamId, correlationId: command.correlationId, occurredAt: matchedAt },
    );
    return matched;
  }
}

function toProductRef(product: ProductEntity | null): ProductRef | null {
  return product ? { product_id: product.id, name: product.name, brand: product.brand, upc: product.upc } : null;
}
