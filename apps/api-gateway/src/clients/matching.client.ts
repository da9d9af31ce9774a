import { Injectable } from '@nestjs/common';
import { MatchingContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

type Of<K extends keyof typeof MatchingContracts> = (typeof MatchingContracts)[K];

/** matching-service as the gateway asks it (`matching.*.v1`). */
@Injectable()
export class MatchingClient {
  constructor(private readonly rpc: RpcClient) {}

  getPurchaseMatches(request: RpcRequest<Of<'getPurchaseMatches'>>): Promise<RpcResponse<Of<'getPurchaseMatches'>>> {
    return this.rpc.request(MatchingContracts.getPurchaseMatches, request);
  }

  upsertProducts(request: RpcRequest<Of<'upsertProducts'>>): Promise<RpcResponse<Of<'upsertProducts'>>> {
    return this.rpc.request(MatchingContracts.upsertProducts, request);
  }

  listProducts(request: RpcRequest<Of<'listProducts'>>): Promise<RpcResponse<Of<'listProducts'>>> {
    return this.rpc.request(MatchingContracts.listProducts, request);
  }

  getProduct(request: RpcRequest<Of<'getProduct'>>): Promise<RpcResponse<Of<'getProduct'>>> {
    return this.rpc.request(MatchingContracts.getProduct, request);
  }

  deleteProduct(request: RpcRequest<Of<'deleteProduct'>>): Promise<RpcResponse<Of<'deleteProduct'>>> {
    return this.rpc.request(MatchingContracts.deleteProduct, request);
  }
}
