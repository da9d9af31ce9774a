import { Injectable } from '@nestjs/common';
import { MatchingContracts, type PurchaseDetail, type ProductRef } from '@cps/contracts';
import { type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { EventOutbox } from '../common/event-outbox.js';
import { CatalogMatcher, type CatalogCandidate } from './catalog-matcher.js';
import { ItemMatchRepository } from './item-match.repository.js';

export interface MatchPurchaseCommand {
  teamId: string;
  correlationId: string;
  purchase: PurchaseDetail;
}

/**
 * Matches a collected purchase's items to the team's products (identifiers, then the name+brand fallback), stores
 * the matches with the item data a later re-match needs, and records `matching.purchase.matched.v1`, all through
 * `tx`: the caller's inbox transaction.
 */
@Injectable()
export class MatchPurchaseUseCase {
  constructor(
    private readonly matcher: CatalogMatcher,
    private readonly matches: ItemMatchRepository,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async execute(command: MatchPurchaseCommand, tx: EntityManager): Promise<PurchaseDetail> {
    const { teamId, purchase } = command;
    const items = purchase.items.map((item) => ({ ...item, retailerId: purchase.retailer_id }));
    const results = await this.matcher.match(teamId, items, tx);
    const matchedAt = this.clock.now();
    await this.matches.save(
      tx,
      purchase.items.map((item, index) => {
        const result = results[index] ?? { method: 'none', product: null, confidence: 0 };
        return {
          teamId,
          purchaseId: purchase.purchase_id,
          itemId: item.item_id,
          productId: result.product?.id ?? null,
          method: result.method,
          confidence: result.confidence,
          matchedAt,
          retailerId: purchase.retailer_id,
          purchaseDate: new Date(purchase.date),
          itemName: item.name,
          itemBrand: item.brand,
          itemUpc: item.upc,
          itemSku: item.sku,
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
      // A purchase keeps its order with its connection's events only (ADR 0002).
      { teamId, orderingKey: matched.connection_id, correlationId: command.correlationId, occurredAt: matchedAt },
    );
    return matched;
  }
}

export function toProductRef(candidate: CatalogCandidate | null): ProductRef | null {
  if (!candidate) return null;
  const { product } = candidate;
  return { product_id: product.id, name: product.name, brand: product.brand, upc: product.gtin };
}
