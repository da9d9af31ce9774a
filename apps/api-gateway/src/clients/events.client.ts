import { Injectable } from '@nestjs/common';
import { EventsContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

type Of<K extends keyof typeof EventsContracts> = (typeof EventsContracts)[K];

/** events-service as the gateway asks it: one method per request/reply contract (`events.*.v1`). */
@Injectable()
export class EventsClient {
  constructor(private readonly rpc: RpcClient) {}

  createWebhook(request: RpcRequest<Of<'createWebhook'>>): Promise<RpcResponse<Of<'createWebhook'>>> {
    return this.rpc.request(EventsContracts.createWebhook, request);
  }

  listWebhooks(request: RpcRequest<Of<'listWebhooks'>>): Promise<RpcResponse<Of<'listWebhooks'>>> {
    return this.rpc.request(EventsContracts.listWebhooks, request);
  }

  getWebhook(request: RpcRequest<Of<'getWebhook'>>): Promise<RpcResponse<Of<'getWebhook'>>> {
    return this.rpc.request(EventsContracts.getWebhook, request);
  }

  updateWebhook(request: RpcRequest<Of<'updateWebhook'>>): Promise<RpcResponse<Of<'updateWebhook'>>> {
    return this.rpc.request(EventsContracts.updateWebhook, request);
  }

  deleteWebhook(request: RpcRequest<Of<'deleteWebhook'>>): Promise<RpcResponse<Of<'deleteWebhook'>>> {
    return this.rpc.request(EventsContracts.deleteWebhook, request);
  }

  listDeliveries(request: RpcRequest<Of<'listDeliveries'>>): Promise<RpcResponse<Of<'listDeliveries'>>> {
    return this.rpc.request(EventsContracts.listDeliveries, request);
  }

  listPartnerDeliveries(
    request: RpcRequest<Of<'listPartnerDeliveries'>>,
  ): Promise<RpcResponse<Of<'listPartnerDeliveries'>>> {
    return this.rpc.request(EventsContracts.listPartnerDeliveries, request);
  }

  retryDelivery(request: RpcRequest<Of<'retryDelivery'>>): Promise<RpcResponse<Of<'retryDelivery'>>> {
    return this.rpc.request(EventsContracts.retryDelivery, request);
  }

  recordAdOptOut(request: RpcRequest<Of<'recordAdOptOut'>>): Promise<RpcResponse<Of<'recordAdOptOut'>>> {
    return this.rpc.request(EventsContracts.recordAdOptOut, request);
  }

  createIntegration(request: RpcRequest<Of<'createIntegration'>>): Promise<RpcResponse<Of<'createIntegration'>>> {
    return this.rpc.request(EventsContracts.createIntegration, request);
  }

  listIntegrations(request: RpcRequest<Of<'listIntegrations'>>): Promise<RpcResponse<Of<'listIntegrations'>>> {
    return this.rpc.request(EventsContracts.listIntegrations, request);
  }

  getIntegration(request: RpcRequest<Of<'getIntegration'>>): Promise<RpcResponse<Of<'getIntegration'>>> {
    return this.rpc.request(EventsContracts.getIntegration, request);
  }

  updateIntegration(request: RpcRequest<Of<'updateIntegration'>>): Promise<RpcResponse<Of<'updateIntegration'>>> {
    return this.rpc.request(EventsContracts.updateIntegration, request);
  }

  deleteIntegration(request: RpcRequest<Of<'deleteIntegration'>>): Promise<RpcResponse<Of<'deleteIntegration'>>> {
    return this.rpc.request(EventsContracts.deleteIntegration, request);
  }

  listIntegrationAwards(
    request: RpcRequest<Of<'listIntegrationAwards'>>,
  ): Promise<RpcResponse<Of<'listIntegrationAwards'>>> {
    return this.rpc.request(EventsContracts.listIntegrationAwards, request);
  }
}
