import { MatchingContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { DeleteProductUseCase } from './delete-product.use-case.js';
import { GetProductUseCase } from './get-product.use-case.js';
import { ListProductsUseCase } from './list-products.use-case.js';
import { UpsertProductsUseCase } from './upsert-products.use-case.js';

/** The brand catalog over NATS (`matching.*-product(s).v1`); the gateway's `/products` forwards here. */
export const ProductsHandler = rpcHandlers('ProductsHandler', [
  answer(MatchingContracts.upsertProducts, UpsertProductsUseCase, (useCase, request) => useCase.execute(request)),
  answer(MatchingContracts.listProducts, ListProductsUseCase, (useCase, request) => useCase.execute(request)),
  answer(MatchingContracts.getProduct, GetProductUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.productId),
  ),
  answer(MatchingContracts.deleteProduct, DeleteProductUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.productId),
  ),
]);
