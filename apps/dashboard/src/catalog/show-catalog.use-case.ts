import { Injectable } from '@nestjs/common';
import { MatchingContracts } from '@cps/contracts';
import { printedGtin } from '@cps/domain';
import { RpcClient } from '@cps/messaging';

export interface CatalogView {
  products: Array<{
    id: string;
    name: string;
    brand: string | null;
    /** The UPC / EAN as printed on a package. */
    code: string | null;
    sku: string | null;
    /** `retailer: sku` pairs. */
    retailerSkus: string;
    group: string | null;
    updatedAt: string;
  }>;
  /** The `starting_after` of the next page, when there is one. */
  next: string | null;
}

/** A page of the team's products (matching-service), 50 at a time. */
@Injectable()
export class ShowCatalog {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, startingAfter: string): Promise<CatalogView> {
    const { products, has_more } = await this.rpc.request(MatchingContracts.listProducts, {
      teamId,
      limit: 50,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    const last = products.at(-1);
    return {
      products: products.map((product) => ({
        id: product.product_id,
        name: product.name,
        brand: product.brand,
        code: product.upc ? printedGtin(product.upc) : null,
        sku: product.sku,
        retailerSkus: Object.entries(product.skus)
          .map(([retailer, sku]) => `${retailer}: ${sku}`)
          .join(', '),
        group: product.group,
        updatedAt: product.updated_at,
      })),
      next: has_more && last ? last.product_id : null,
    };
  }
}
