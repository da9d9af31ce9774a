import { Injectable } from '@nestjs/common';
import { AuthContracts, SyncContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

type Sync<K extends keyof typeof SyncContracts> = (typeof SyncContracts)[K];
type Auth<K extends keyof typeof AuthContracts> = (typeof AuthContracts)[K];

/** auth-server as the storefront proxy asks it: whether a shop's API key is valid, and for which team. */
@Injectable()
export class AuthClient {
  constructor(private readonly rpc: RpcClient) {}

  verifyApiKey(request: RpcRequest<Auth<'verifyApiKey'>>): Promise<RpcResponse<Auth<'verifyApiKey'>>> {
    return this.rpc.request(AuthContracts.verifyApiKey, request);
  }
}

/** sync-service as the storefront proxy asks it: the team's retailers, the customer's connections, link tokens. */
@Injectable()
export class SyncClient {
  constructor(private readonly rpc: RpcClient) {}

  listRetailers(request: RpcRequest<Sync<'listRetailers'>>): Promise<RpcResponse<Sync<'listRetailers'>>> {
    return this.rpc.request(SyncContracts.listRetailers, request);
  }

  listConnections(request: RpcRequest<Sync<'listConnections'>>): Promise<RpcResponse<Sync<'listConnections'>>> {
    return this.rpc.request(SyncContracts.listConnections, request);
  }

  getConnection(request: RpcRequest<Sync<'getConnection'>>): Promise<RpcResponse<Sync<'getConnection'>>> {
    return this.rpc.request(SyncContracts.getConnection, request);
  }

  createConnection(request: RpcRequest<Sync<'createConnection'>>): Promise<RpcResponse<Sync<'createConnection'>>> {
    return this.rpc.request(SyncContracts.createConnection, request);
  }

  updateConnection(request: RpcRequest<Sync<'updateConnection'>>): Promise<RpcResponse<Sync<'updateConnection'>>> {
    return this.rpc.request(SyncContracts.updateConnection, request);
  }

  createLinkToken(request: RpcRequest<Sync<'createLinkToken'>>): Promise<RpcResponse<Sync<'createLinkToken'>>> {
    return this.rpc.request(SyncContracts.createLinkToken, request);
  }
}
