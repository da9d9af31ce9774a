import { SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { ListCatalogUseCase } from './list-catalog.use-case.js';
import { ListRetailersUseCase } from './list-retailers.use-case.js';
import { UpdateRetailerUseCase } from './update-retailer.use-case.js';

export const RetailersHandler = rpcHandlers('RetailersHandler', [
  answer(SyncContracts.listCatalog, ListCatalogUseCase, (useCase) => useCase.execute()),
  answer(SyncContracts.listRetailers, ListRetailersUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.include),
  ),
  answer(SyncContracts.updateRetailer, UpdateRetailerUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.retailerId, {
      enabled: request.enabled,
      linkVisibility: request.link_visibility,
      linkAudience: request.link_audience && {
        allowedEmails: request.link_audience.allowed_emails,
        allowedDomains: request.link_audience.allowed_domains,
      },
    }),
  ),
]);
