import { Injectable } from '@nestjs/common';
import { AuthContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

type Of<K extends keyof typeof AuthContracts> = (typeof AuthContracts)[K];

/** auth-server as the gateway asks it (`auth.*.v1`). */
@Injectable()
export class AuthClient {
  constructor(private readonly rpc: RpcClient) {}

  verifyApiKey(request: RpcRequest<Of<'verifyApiKey'>>): Promise<RpcResponse<Of<'verifyApiKey'>>> {
    return this.rpc.request(AuthContracts.verifyApiKey, request);
  }

  getTeam(request: RpcRequest<Of<'getTeam'>>): Promise<RpcResponse<Of<'getTeam'>>> {
    return this.rpc.request(AuthContracts.getTeam, request);
  }
}
