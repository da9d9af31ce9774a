import { Injectable } from '@nestjs/common';
import { MatchingContracts } from '@cps/contracts';
import { RpcRefusal, EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { ProductRepository } from './product.repository.js';
import { productNotFound } from './product-view.js';

/**
 * Deletes a product of the team. Its matched items become unmatched in the same transaction, which also records
 * `matching.catalog.changed.v1`: the re-match then gives them to another product when one fits.
 */
@Injectable()
export class DeleteProductUseCase {
  constructor(
    private readonly transactor: Transactor,
    private readonly products: ProductRepository,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  execute(teamId: string, productId: string): Promise<MatchingContracts.DeletedProduct> {
    return this.transactor.run(async (tx) => {
      await this.products.lockCatalog(tx, teamId);
      if (!(await this.products.delete(tx, teamId, productId))) throw new RpcRefusal(404, productNotFound(productId));
      const version = await this.products.bumpVersion(tx, teamId);
      await this.outbox.record(
        tx,
        MatchingContracts.catalogChanged,
        { version },
        { teamId, occurredAt: this.clock.now() },
      );
      return { product_id: productId };
    });
  }
}
