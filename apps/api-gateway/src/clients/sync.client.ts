import { Injectable } from '@nestjs/common';
import { SyncContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

type Of<K extends keyof typeof SyncContracts> = (typeof SyncContracts)[K];

/** sync-service as the gateway asks it: one method per request/reply contract (`sync.*.v1`), typed by the contract's classes. */
@Injectable()
export class SyncClient {
  constructor(private readonly rpc: RpcClient) {}

  listCatalog(request: RpcRequest<Of<'listCatalog'>>): Promise<RpcResponse<Of<'listCatalog'>>> {
    return this.rpc.request(SyncContracts.listCatalog, request);
  }

  listRetailers(request: RpcRequest<Of<'listRetailers'>>): Promise<RpcResponse<Of<'listRetailers'>>> {
    return this.rpc.request(SyncContracts.listRetailers, request);
  }

  updateRetailer(request: RpcRequest<Of<'updateRetailer'>>): Promise<RpcResponse<Of<'updateRetailer'>>> {
    return this.rpc.request(SyncContracts.updateRetailer, request);
  }

  createConnection(request: RpcRequest<Of<'createConnection'>>): Promise<RpcResponse<Of<'createConnection'>>> {
    return this.rpc.request(SyncContracts.createConnection, request);
  }

  listConnections(request: RpcRequest<Of<'listConnections'>>): Promise<RpcResponse<Of<'listConnections'>>> {
    return this.rpc.request(SyncContracts.listConnections, request);
  }

  getConnection(request: RpcRequest<Of<'getConnection'>>): Promise<RpcResponse<Of<'getConnection'>>> {
    return this.rpc.request(SyncContracts.getConnection, request);
  }

  updateConnection(request: RpcRequest<Of<'updateConnection'>>): Promise<RpcResponse<Of<'updateConnection'>>> {
    return this.rpc.request(SyncContracts.updateConnection, request);
  }

  deleteConnection(request: RpcRequest<Of<'deleteConnection'>>): Promise<RpcResponse<Of<'deleteConnection'>>> {
    return this.rpc.request(SyncContracts.deleteConnection, request);
  }

  listConnectionActivity(
    request: RpcRequest<Of<'listConnectionActivity'>>,
  ): Promise<RpcResponse<Of<'listConnectionActivity'>>> {
    return this.rpc.request(SyncContracts.listConnectionActivity, request);
  }

  listPurchases(request: RpcRequest<Of<'listPurchases'>>): Promise<RpcResponse<Of<'listPurchases'>>> {
    return this.rpc.request(SyncContracts.listPurchases, request);
  }

  getPurchase(request: RpcRequest<Of<'getPurchase'>>): Promise<RpcResponse<Of<'getPurchase'>>> {
    return this.rpc.request(SyncContracts.getPurchase, request);
  }

  createLinkToken(request: RpcRequest<Of<'createLinkToken'>>): Promise<RpcResponse<Of<'createLinkToken'>>> {
    return this.rpc.request(SyncContracts.createLinkToken, request);
  }

  listLinkTokens(request: RpcRequest<Of<'listLinkTokens'>>): Promise<RpcResponse<Of<'listLinkTokens'>>> {
    return this.rpc.request(SyncContracts.listLinkTokens, request);
  }

  revokeLinkToken(request: RpcRequest<Of<'revokeLinkToken'>>): Promise<RpcResponse<Of<'revokeLinkToken'>>> {
    return this.rpc.request(SyncContracts.revokeLinkToken, request);
  }

  createSimulatedConnection(
    request: RpcRequest<Of<'createSimulatedConnection'>>,
  ): Promise<RpcResponse<Of<'createSimulatedConnection'>>> {
    return this.rpc.request(SyncContracts.createSimulatedConnection, request);
  }

  createSimulatedPurchase(
    request: RpcRequest<Of<'createSimulatedPurchase'>>,
  ): Promise<RpcResponse<Of<'createSimulatedPurchase'>>> {
    return this.rpc.request(SyncContracts.createSimulatedPurchase, request);
  }

  updateSimulatedConnection(
    request: RpcRequest<Of<'updateSimulatedConnection'>>,
  ): Promise<RpcResponse<Of<'updateSimulatedConnection'>>> {
    return this.rpc.request(SyncContracts.updateSimulatedConnection, request);
  }

  deleteSimulatedConnection(
    request: RpcRequest<Of<'deleteSimulatedConnection'>>,
  ): Promise<RpcResponse<Of<'deleteSimulatedConnection'>>> {
    return this.rpc.request(SyncContracts.deleteSimulatedConnection, request);
  }

  startLinkSession(request: RpcRequest<Of<'startLinkSession'>>): Promise<RpcResponse<Of<'startLinkSession'>>> {
    return this.rpc.request(SyncContracts.startLinkSession, request);
  }

  getLinkSession(request: RpcRequest<Of<'getLinkSession'>>): Promise<RpcResponse<Of<'getLinkSession'>>> {
    return this.rpc.request(SyncContracts.getLinkSession, request);
  }

  chooseLinkRetailer(request: RpcRequest<Of<'chooseLinkRetailer'>>): Promise<RpcResponse<Of<'chooseLinkRetailer'>>> {
    return this.rpc.request(SyncContracts.chooseLinkRetailer, request);
  }

  submitLinkConsent(request: RpcRequest<Of<'submitLinkConsent'>>): Promise<RpcResponse<Of<'submitLinkConsent'>>> {
    return this.rpc.request(SyncContracts.submitLinkConsent, request);
  }

  submitLinkCredentials(
    request: RpcRequest<Of<'submitLinkCredentials'>>,
    timeoutMs?: number,
  ): Promise<RpcResponse<Of<'submitLinkCredentials'>>> {
    return this.rpc.request(SyncContracts.submitLinkCredentials, request, timeoutMs);
  }

  submitLinkCode(
    request: RpcRequest<Of<'submitLinkCode'>>,
    timeoutMs?: number,
  ): Promise<RpcResponse<Of<'submitLinkCode'>>> {
    return this.rpc.request(SyncContracts.submitLinkCode, request, timeoutMs);
  }

  cancelLinkSession(request: RpcRequest<Of<'cancelLinkSession'>>): Promise<RpcResponse<Of<'cancelLinkSession'>>> {
    return this.rpc.request(SyncContracts.cancelLinkSession, request);
  }

  retailerOrdersAvailable(
    request: RpcRequest<Of<'retailerOrdersAvailable'>>,
  ): Promise<RpcResponse<Of<'retailerOrdersAvailable'>>> {
    return this.rpc.request(SyncContracts.retailerOrdersAvailable, request);
  }
}
