import { SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { customerContact } from '../connections/customer-contact.js';
import { CreateSimulatedConnectionUseCase } from './create-simulated-connection.use-case.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { DeleteConnectionUseCase } from '../connections/delete-connection.use-case.js';
import { UpdateSimulatedConnectionUseCase } from './update-simulated-connection.use-case.js';

export const SimulatorHandler = rpcHandlers('SimulatorHandler', [
  answer(SyncContracts.createSimulatedConnection, CreateSimulatedConnectionUseCase, (useCase, request) =>
    useCase.execute({
      teamId: request.teamId,
      actor: request.actor,
      retailerId: request.retailer_id,
      ...customerContact(request),
      includePurchases: request.include_purchases ?? true,
    }),
  ),
  answer(SyncContracts.createSimulatedPurchase, CreateSimulatedPurchaseUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.connectionId),
  ),
  answer(SyncContracts.updateSimulatedConnection, UpdateSimulatedConnectionUseCase, (useCase, request) =>
    useCase.execute({
      teamId: request.teamId,
      connectionId: request.connectionId,
      actor: request.actor,
      status: request.status,
    }),
  ),
  answer(SyncContracts.deleteSimulatedConnection, DeleteConnectionUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.connectionId, request.actor, 'simulated'),
  ),
]);
