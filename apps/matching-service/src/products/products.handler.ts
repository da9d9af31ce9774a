import { Controller } from '@nestjs/common';
import { MatchingContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { DeleteProductUseCase } from './delete-product.use-case.js';
import { GetProductUseCase } from './get-product.use-case.js';
import { ListProductsUseCase } from './list-products.use-case.js';
import { UpsertProductsUseCase } from './upsert-products.use-case.js';

type Of<K extends keyof typeof MatchingContracts> = RpcRequest<(typeof MatchingContracts)[K]>;

/** The brand catalog over NATS (`matching.*-product(s).v1`); the gateway's `/products` forwards here. */
@Controller()
export class ProductsHandler {
  constructor(
    private readonly upsertProducts: UpsertProductsUseCase,
    private readonly listProducts: ListProductsUseCase,
    private readonly getProduct: GetProductUseCase,
    private readonly deleteProduct: DeleteProductUseCase,
  ) {}

  @RpcHandler(MatchingContracts.upsertProducts)
  upsert(@RpcPayload(MatchingContracts.upsertProducts) request: Of<'upsertProducts'>) {
    return this.upsertProducts.execute(request);
  }

  @RpcHandler(MatchingContracts.listProducts)
  list(@RpcPayload(MatchingContracts.listProducts) request: Of<'listProducts'>) {
    return this.listProducts.execute(request);
  }

  @RpcHandler(MatchingContracts.getProduct)
  get(@RpcPayload(MatchingContracts.getProduct) request: Of<'getProduct'>) {
    return this.getProduct.execute(request.teamId, request.productId);
  }

  @RpcHandler(MatchingContracts.deleteProduct)
  remove(@RpcPayload(MatchingContracts.deleteProduct) request: Of<'deleteProduct'>) {
    return this.deleteProduct.execute(request.teamId, request.productId);
  }
}
