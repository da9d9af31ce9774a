import { Controller } from '@nestjs/common';
import { SyncContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { ListCatalogUseCase } from './list-catalog.use-case.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

@Controller()
export class RetailersHandler {
  constructor(
    private readonly listCatalogUseCase: ListCatalogUseCase,
    private readonly listRetailersUseCase: ListRetailersUseCase,
    private readonly updateRetailerUseCase: UpdateRetailerUseCase,
  ) {}

  @RpcHandler(SyncContracts.listCatalog)
  listCatalog() {
    return this.listCatalogUseCase.execute();
  }

  @RpcHandler(SyncContracts.listRetailers)
  listRetailers(
    @RpcPayload(SyncContracts.listRetailers)
    request: RpcRequest<typeof SyncContracts.listRetailers>,
  ) {
    return this.listRetailersUseCase.execute(request.teamId, request.include);
  }

  @RpcHandler(SyncContracts.updateRetailer)
  updateRetailer(
    @RpcPayload(SyncContracts.updateRetailer)
    request: RpcRequest<typeof SyncContracts.updateRetailer>,
  ) {
    return this.updateRetailerUseCase.execute(request.teamId, request.retailerId, {
      enabled: request.enabled,
      linkVisibility: request.link_visibility,
      linkAudience: request.link_audience && {
        allowedEmails: request.link_audience.allowed_emails,
        allowedDomains: request.link_audience.allowed_domains,
      },
    });
  }
}
