import { Injectable } from '@nestjs/common';
import { MatchingContracts, type PurchaseDetail, type ProductRef } from '@cps/contracts';
import { groupBy, type ItemMatch, type StoredProduct, Clock } from '@cps/domain';
import { EventOutbox } from '@cps/messaging';
import { type Transaction } from '@cps/persistence';
import { CatalogMatcher, type CatalogCandidate } from './catalog-matcher.js';
import { type ItemMatchEntity } from './item-match.entity.js';
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

  async execute(command: MatchPurchaseCommand, tx: Transaction): Promise<PurchaseDetail> {
    return (await this.executeMany([command], tx))[0]!;
  }

  /**
   * Matches several purchases in a handful of statements whatever their number (a group commit, ADR 0018): the
   * catalog is read once per team for all their items (each item's match depends on its own identifiers, name and
   * brand only), the matches are written in one statement and the events recorded in one.
   */
  async executeMany(commands: readonly MatchPurchaseCommand[], tx: Transaction): Promise<PurchaseDetail[]> {
    const results = new Map<MatchPurchaseCommand, ItemMatch<CatalogCandidate>[]>();
    for (const [teamId, ofTeam] of groupBy(commands, (command) => command.teamId)) {
      const items = ofTeam.flatMap(({ purchase }) =>
        purchase.items.map((item) => ({ ...item, retailerId: purchase.retailer_id })),
      );
      const matches = await this.matcher.match(teamId, items, tx);
      let offset = 0;
      for (const command of ofTeam) {
        results.set(command, matches.slice(offset, (offset += command.purchase.items.length)));
      }
    }
    const matchedAt = this.clock.now();
    // The same item twice in one batch (a purchase collected again) is written once: the last result wins.
    const rows = new Map<string, ItemMatchEntity>();
    const matched = commands.map((command) => {
      const { teamId, purchase } = command;
      const found = results.get(command) ?? [];
      purchase.items.forEach((item, index) => {
        const result = found[index] ?? NO_MATCH;
        rows.set(`${purchase.purchase_id} ${item.item_id}`, {
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
          quantity: item.quantity,
          price: item.price,
          isSimulated: purchase.is_simulated,
        });
      });
      return {
        ...purchase,
        items: purchase.items.map((item, index) => ({ ...item, product: toProductRef(found[index]?.product ?? null) })),
      };
    });
    await this.matches.save(tx, [...rows.values()]);
    await this.outbox.recordMany(
      tx,
      MatchingContracts.purchaseMatched,
      matched.map((purchase, index) => ({
        data: { purchase },
        // A purchase keeps its order with its connection's events only (ADR 0002).
        meta: {
          teamId: commands[index]!.teamId,
          orderingKey: purchase.connection_id,
          correlationId: commands[index]!.correlationId,
          occurredAt: matchedAt,
        },
      })),
    );
    return matched;
  }
}

const NO_MATCH = { method: 'none', product: null, confidence: 0 } as const;

/** A matched product as purchases carry it; `candidate` a match of the catalog matcher, or a stored product. */
export function toProductRef(candidate: { product: StoredProduct } | null): ProductRef | null {
  if (!candidate) return null;
  const { product } = candidate;
  return { product_id: product.id, name: product.name, brand: product.brand, upc: product.gtin };
}
