import { Injectable } from '@nestjs/common';
import { type MatchingContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { ProductRepository } from './product.repository.js';
import { productNotFound, toProduct } from './product-view.js';

/** One product of the team; 404 for an unknown or another team's id. */
@Injectable()
export class GetProductUseCase {
  constructor(private readonly products: ProductRepository) {}

  async execute(teamId: string, productId: string): Promise<MatchingContracts.Product> {
    const product = await this.products.get(teamId, productId);
    if (!product) throw new RpcRefusal(404, productNotFound(productId));
    return toProduct(product);
  }
}
