import { Controller } from '@nestjs/common';
import { LIST_LIMIT, SyncContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateConnectionUseCase } from './create-connection.use-case.js';
import { DeleteConnectionUseCase } from './delete-connection.use-case.js';
import { GetConnectionUseCase } from './get-connection.use-case.js';
import { ListConnectionActivityUseCase } from './list-connection-activity.use-case.js';
import { ListConnectionsUseCase } from './list-connections.use-case.js';
import { UpdateConnectionUseCase } from './update-connection.use-case.js';

@Controller()
export class ConnectionsHandler {
  constructor(
    private readonly createConnection: CreateConnectionUseCase,
    private readonly listConnections: ListConnectionsUseCase,
    private readonly getConnection: GetConnectionUseCase,
    private readonly updateConnection: UpdateConnectionUseCase,
    private readonly deleteConnection: DeleteConnectionUseCase,
    private readonly listActivity: ListConnectionActivityUseCase,
  ) {}

  @RpcHandler(SyncContracts.createConnection)
  create(@RpcPayload(SyncContracts.createConnection) request: RpcRequest<typeof SyncContracts.createConnection>) {
    return this.createConnection.execute({
      teamId: request.teamId,
      actor: request.actor,
      customerId: request.customer_id,
      retailerId: request.retailer_id,
      email: request.email,
      mobile: request.mobile,
      tags: request.tags,
    });
  }

  @RpcHandler(SyncContracts.listConnections)
  list(@RpcPayload(SyncContracts.listConnections) request: RpcRequest<typeof SyncContracts.listConnections>) {
    return this.listConnections.execute({
      teamId: request.teamId,
      customerId: request.customer_id,
      search: request.search,
      tag: request.tag,
      simulated: request.simulated,
      status: request.status,
      retailerId: request.retailer_id,
      limit: request.limit ?? LIST_LIMIT.default,
      startingAfter: request.starting_after,
    });
  }

  @RpcHandler(SyncContracts.getConnectionCollection)
  collection(
    @RpcPayload(SyncContracts.getConnectionCollection)
    request: RpcRequest<typeof SyncContracts.getConnectionCollection>,
  ) {
    return this.getConnection.collection(request.teamId, request.connectionId);
  }

  @RpcHandler(SyncContracts.getConnection)
  get(@RpcPayload(SyncContracts.getConnection) request: RpcRequest<typeof SyncContracts.getConnection>) {
    return this.getConnection.execute(request.teamId, request.connectionId);
  }

  @RpcHandler(SyncContracts.updateConnection)
  update(@RpcPayload(SyncContracts.updateConnection) request: RpcRequest<typeof SyncContracts.updateConnection>) {
    return this.updateConnection.execute({
      teamId: request.teamId,
      connectionId: request.connectionId,
      actor: request.actor,
      customerId: request.customer_id,
      email: request.email,
      mobile: request.mobile,
      status: request.status,
    });
  }

  @RpcHandler(SyncContracts.deleteConnection)
  delete(@RpcPayload(SyncContracts.deleteConnection) request: RpcRequest<typeof SyncContracts.deleteConnection>) {
    return this.deleteConnection.execute(request.teamId, request.connectionId, request.actor);
  }

  @RpcHandler(SyncContracts.listConnectionActivity)
  activity(
    @RpcPayload(SyncContracts.listConnectionActivity)
    request: RpcRequest<typeof SyncContracts.listConnectionActivity>,
  ) {
    return this.listActivity.execute(request.teamId, request.connectionId);
  }
}
