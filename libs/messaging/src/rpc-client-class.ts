import { Inject, Injectable, type Type } from '@nestjs/common';
import { type RpcContract, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { RpcClient } from './rpc-client.service.js';

/** One method per named contract: the contract's request in, its response out (optionally within `timeoutMs`). */
type RpcMethods<N, K extends keyof N> = {
  readonly [P in K]: (request: RpcRequest<N[P]>, timeoutMs?: number) => Promise<RpcResponse<N[P]>>;
};

/**
 * The base of a typed client of one service: a method for each named request/reply contract of the service's
 * contracts namespace, each a request over the platform's RpcClient. A client names the contracts it uses:
 * `@Injectable() export class SyncClient extends rpcClientClass(SyncContracts, ['getConnection']) {}`.
 */
export function rpcClientClass<N extends object, const K extends keyof N & string>(
  contracts: N,
  names: readonly K[],
): Type<RpcMethods<N, K>> {
  @Injectable()
  class ServiceClient {
    constructor(@Inject(RpcClient) readonly rpc: RpcClient) {}
  }
  for (const name of names) {
    const contract = contracts[name] as RpcContract<object, object>;
    Object.defineProperty(ServiceClient.prototype, name, {
      value(this: ServiceClient, request: RpcRequest<typeof contract>, timeoutMs?: number) {
        return this.rpc.request(contract, request, timeoutMs);
      },
      writable: true,
      configurable: true,
    });
  }
  return ServiceClient as unknown as Type<RpcMethods<N, K>>;
}
