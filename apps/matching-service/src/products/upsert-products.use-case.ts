import { Injectable } from '@nestjs/common';
import { monotonicUlid, MatchingContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { planCatalogUpsert, type CatalogRow, Clock } from '@cps/domain';
import { Transactor } from '@cps/persistence';
import { EventOutbox } from '@cps/messaging';
import { toProductRef } from '../matches/match-purchase.use-case.js';
import { ProductRepository } from './product.repository.js';

type Upsert = typeof MatchingContracts.upsertProducts;

/**
 * Applies a batch of checked catalog rows in one transaction under the team's catalog lock: each row's outcome is
 * planned against the stored products it names (planCatalogUpsert), created and changed products are written,
 * and when anything changed, `matching.catalog.changed.v1` is recorded in the same transaction (the re-match
 * follows from it). A rejected row changes nothing.
 */
@Injectable()
export class UpsertProductsUseCase {
  private readonly newId = monotonicUlid();

  constructor(
    private readonly transactor: Transactor,
    private readonly products: ProductRepository,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  execute(request: RpcRequest<Upsert>): Promise<RpcResponse<Upsert>> {
    const { teamId } = request;
    const rows: CatalogRow[] = request.rows.map((row) => ({
      productId: row.product_id,
      name: row.name,
      brand: row.brand,
      gtin: row.gtin,
      sku: row.sku,
      group: row.group,
      retailerSkus: row.skus,
    }));
    return this.transactor.run(async (tx) => {
      await this.products.lockCatalog(tx, teamId);
      const existing = await this.products.find(
        teamId,
        {
          ids: rows.flatMap((row) => (row.productId ? [row.productId] : [])),
          gtins: rows.flatMap((row) => (row.gtin ? [row.gtin] : [])),
          skus: rows.flatMap((row) => (row.sku ? [row.sku] : [])),
          retailerSkus: rows.flatMap((row) =>
            Object.entries(row.retailerSkus).map(([retailerId, sku]) => ({ retailerId, sku })),
          ),
          bareNames: rows.map((row) => row.name.toLowerCase()),
        },
        tx,
      );
      const now = this.clock.now();
      const outcomes = planCatalogUpsert(rows, existing, () => this.newId(now.getTime()));
      const changed = outcomes.flatMap((outcome) =>
        outcome.status === 'created' || outcome.status === 'updated' ? [outcome.product] : [],
      );
      await this.products.save(tx, teamId, changed, now);
      if (changed.length > 0) {
        const version = await this.products.bumpVersion(tx, teamId);
        const products = changed.map((product) => toProductRef({ product })!);
        await this.outbox.record(
          tx,
          MatchingContracts.catalogChanged,
          { version, products },
          { teamId, occurredAt: now },
        );
      }
      return {
        results: outcomes.map((outcome, index) => {
          const row = request.rows[index]!.row;
          return outcome.status === 'rejected'
            ? { row, status: outcome.status, errors: outcome.errors }
            : { row, status: outcome.status, product_id: outcome.product.id };
        }),
      };
    });
  }
}
