import { Injectable } from '@nestjs/common';
import { LIST_LIMIT, type MatchingContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { rowsToRead, takePage } from '@cps/domain';
import { ProductRepository } from './product.repository.js';
import { toProduct } from './product-view.js';

type List = typeof MatchingContracts.listProducts;

/** One page of the team's products, oldest first, optionally of one group. */
@Injectable()
export class ListProductsUseCase {
  constructor(private readonly products: ProductRepository) {}

  async execute(request: RpcRequest<List>): Promise<RpcResponse<List>> {
    const limit = request.limit ?? LIST_LIMIT.default;
    const rows = await this.products.list(request.teamId, {
      limit: rowsToRead(limit),
      ...(request.starting_after ? { startingAfter: request.starting_after } : {}),
      ...(request.group ? { group: request.group } : {}),
    });
    const page = takePage(rows, limit);
    return { products: page.items.map(toProduct), has_more: page.hasMore };
  }
}
