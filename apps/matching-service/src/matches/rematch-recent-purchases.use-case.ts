import { Injectable } from '@nestjs/common';
import { MatchingContracts } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { EventOutbox } from '@cps/messaging';
import { type Transaction } from '@cps/persistence';
import { ProductRepository } from '../products/product.repository.js';
import { CatalogMatcher } from './catalog-matcher.js';
import { type ItemMatchEntity } from './item-match.entity.js';
import { ItemMatchRepository } from './item-match.repository.js';
import { toProductRef } from './match-purchase.use-case.js';

/** How far back a catalog change reaches. */
const REMATCH_WINDOW_DAYS = 90;
const PAGE = 2_000;

/**
 * Matches the team's items bought in the last 90 days again, against the catalog as it is now, and stores the
 * results that changed. Readers see them at once (partner tokens with `purchases:brand_products` read matches
 * at request time). No second `purchase.created` goes out: the changed matches are recorded as
 * `matching.items.rematched.v1` (internal, for readers that hold matches: the MCP read model), in the same
 * transaction, in events of at most REMATCHED_PER_EVENT items. Several catalog changes
 * in a row cost one re-match: the first run catches up with the newest version and the others find nothing to do.
 */
@Injectable()
export class RematchRecentPurchasesUseCase {
  constructor(
    private readonly products: ProductRepository,
    private readonly matcher: CatalogMatcher,
    private readonly matches: ItemMatchRepository,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  /** Returns how many items changed their match. */
  async execute(teamId: string, tx: Transaction): Promise<number> {
    await this.products.lockCatalog(tx, teamId);
    const version = await this.products.pendingRematch(tx, teamId);
    if (version === null) return 0;
    const now = this.clock.now();
    const since = new Date(now.getTime() - REMATCH_WINDOW_DAYS * 24 * 3600 * 1000);
    let changed = 0;
    let after: [string, string] | null = null;
    for (;;) {
      const items = await this.matches.listRecent(tx, teamId, since, PAGE, after);
      if (items.length === 0) break;
      const results = await this.matcher.match(teamId, items.map(toMatchable), tx);
      const updates = items.flatMap((item, index) => {
        const result = results[index]!;
        const productId = result.product?.id ?? null;
        if (productId === item.productId && result.method === item.method && result.confidence === item.confidence) {
          return [];
        }
        return [
          {
            purchaseId: item.purchaseId,
            itemId: item.itemId,
            productId,
            method: result.method,
            confidence: result.confidence,
            product: toProductRef(result.product),
          },
        ];
      });
      await this.matches.updateResults(tx, teamId, updates, now);
      for (let start = 0; start < updates.length; start += MatchingContracts.REMATCHED_PER_EVENT) {
        const items = updates.slice(start, start + MatchingContracts.REMATCHED_PER_EVENT);
        await this.outbox.record(
          tx,
          MatchingContracts.itemsRematched,
          {
            items: items.map(({ purchaseId, itemId, product }) => ({
              purchase_id: purchaseId,
              item_id: itemId,
              product,
            })),
          },
          { teamId, occurredAt: now },
        );
      }
      changed += updates.length;
      const last = items[items.length - 1]!;
      after = [last.purchaseId, last.itemId];
      if (items.length < PAGE) break;
    }
    await this.products.markRematched(tx, teamId, version);
    return changed;
  }
}

function toMatchable(item: ItemMatchEntity) {
  return {
    upc: item.itemUpc,
    sku: item.itemSku,
    name: item.itemName,
    brand: item.itemBrand,
    retailerId: item.retailerId,
  };
}
