import { LIST_LIMIT, SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { customerContact } from './customer-contact.js';
import { CreateConnectionUseCase } from './create-connection.use-case.js';
import { DeleteConnectionUseCase } from './delete-connection.use-case.js';
import { GetConnectionUseCase } from './get-connection.use-case.js';
import { ListConnectionActivityUseCase } from './list-connection-activity.use-case.js';
import { ListConnectionsUseCase } from './list-connections.use-case.js';
import { UpdateConnectionUseCase } from './update-connection.use-case.js';

export const ConnectionsHandler = rpcHandlers('ConnectionsHandler', [
  answer(SyncContracts.createConnection, CreateConnectionUseCase, (useCase, request) =>
    useCase.execute({
      teamId: request.teamId,
      actor: request.actor,
      ...customerContact(request),
      retailerId: request.retailer_id,
      tags: request.tags,
    }),
  ),
  answer(SyncContracts.listConnections, ListConnectionsUseCase, (useCase, request) =>
    useCase.execute({
      teamId: request.teamId,
      customerId: request.customer_id,
      search: request.search,
      tag: request.tag,
      simulated: request.simulated,
      status: request.status,
      retailerId: request.retailer_id,
      limit: request.limit ?? LIST_LIMIT.default,
      startingAfter: request.starting_after,
    }),
  ),
  answer(SyncContracts.getConnectionCollection, GetConnectionUseCase, (useCase, request) =>
    useCase.collection(request.teamId, request.connectionId),
  ),
  answer(SyncContracts.getConnection, GetConnectionUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.connectionId),
  ),
  answer(SyncContracts.updateConnection, UpdateConnectionUseCase, (useCase, request) =>
    useCase.execute({
      teamId: request.teamId,
      connectionId: request.connectionId,
      actor: request.actor,
      ...customerContact(request),
      status: request.status,
    }),
  ),
  answer(SyncContracts.deleteConnection, DeleteConnectionUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.connectionId, request.actor),
  ),
  answer(SyncContracts.listConnectionActivity, ListConnectionActivityUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.connectionId),
  ),
]);
