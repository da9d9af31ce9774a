import { Controller } from '@nestjs/common';
import { SyncContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { DeleteConnectionUseCase } from '../connections/delete-connection.use-case.js';
import { UpdateSimulatedConnectionUseCase } from './update-simulated-connection.use-case.js';

@Controller()
export class SimulatorHandler {
  constructor(
    private readonly createConnection: CreateSimulatedConnectionUseCase,
    private readonly createPurchase: CreateSimulatedPurchaseUseCase,
    private readonly updateConnection: UpdateSimulatedConnectionUseCase,
    private readonly deleteConnection: DeleteConnectionUseCase,
  ) {}

  @RpcHandler(SyncContracts.createSimulatedConnection)
  createSimulatedConnection(
    @RpcPayload(SyncContracts.createSimulatedConnection)
    request: RpcRequest<typeof SyncContracts.createSimulatedConnection>,
  ) {
    return this.createConnection.execute({
      teamId: request.teamId,
      actor: request.actor,
      retailerId: request.retailer_id,
      customerId: request.customer_id,
      email: request.email,
      mobile: request.mobile,
      includePurchases: request.include_purchases ?? true,
    });
  }

  @RpcHandler(SyncContracts.createSimulatedPurchase)
  createSimulatedPurchase(
    @RpcPayload(SyncContracts.createSimulatedPurchase)
    request: RpcRequest<typeof SyncContracts.createSimulatedPurchase>,
  ) {
    return this.createPurchase.execute(request.teamId, request.connectionId);
  }

  @RpcHandler(SyncContracts.updateSimulatedConnection)
  updateSimulatedConnection(
    @RpcPayload(SyncContracts.updateSimulatedConnection)
    request: RpcRequest<typeof SyncContracts.updateSimulatedConnection>,
  ) {
    return this.updateConnection.execute({
      teamId: request.teamId,
      connectionId: request.connectionId,
      actor: request.actor,
      status: request.status,
    });
  }

  @RpcHandler(SyncContracts.deleteSimulatedConnection)
  deleteSimulatedConnection(
    @RpcPayload(SyncContracts.deleteSimulatedConnection)
    request: RpcRequest<typeof SyncContracts.deleteSimulatedConnection>,
  ) {
    return this.deleteConnection.execute(request.teamId, request.connectionId, request.actor, 'simulated');
  }
}
