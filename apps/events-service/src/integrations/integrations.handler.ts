import { Controller } from '@nestjs/common';
import { EventsContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateIntegrationUseCase } from './create-integration.use-case.js';
import { DeleteIntegrationUseCase } from './delete-integration.use-case.js';
import { GetIntegrationUseCase } from './get-integration.use-case.js';
import { ListAwardsUseCase } from './list-awards.use-case.js';
import { ListIntegrationsUseCase } from './list-integrations.use-case.js';
import { UpdateIntegrationUseCase } from './update-integration.use-case.js';

@Controller()
export class IntegrationsHandler {
  constructor(
    private readonly createIntegration: CreateIntegrationUseCase,
    private readonly listIntegrations: ListIntegrationsUseCase,
    private readonly getIntegration: GetIntegrationUseCase,
    private readonly updateIntegration: UpdateIntegrationUseCase,
    private readonly deleteIntegration: DeleteIntegrationUseCase,
    private readonly listAwards: ListAwardsUseCase,
  ) {}

  @RpcHandler(EventsContracts.createIntegration)
  create(@RpcPayload(EventsContracts.createIntegration) request: RpcRequest<typeof EventsContracts.createIntegration>) {
    return this.createIntegration.execute(request);
  }

  @RpcHandler(EventsContracts.listIntegrations)
  list(@RpcPayload(EventsContracts.listIntegrations) request: RpcRequest<typeof EventsContracts.listIntegrations>) {
    return this.listIntegrations.execute(request.teamId);
  }

  @RpcHandler(EventsContracts.getIntegration)
  get(@RpcPayload(EventsContracts.getIntegration) request: RpcRequest<typeof EventsContracts.getIntegration>) {
    return this.getIntegration.execute(request.teamId, request.integrationId);
  }

  @RpcHandler(EventsContracts.updateIntegration)
  update(@RpcPayload(EventsContracts.updateIntegration) request: RpcRequest<typeof EventsContracts.updateIntegration>) {
    return this.updateIntegration.execute(request);
  }

  @RpcHandler(EventsContracts.deleteIntegration)
  delete(@RpcPayload(EventsContracts.deleteIntegration) request: RpcRequest<typeof EventsContracts.deleteIntegration>) {
    return this.deleteIntegration.execute(request.teamId, request.integrationId);
  }

  @RpcHandler(EventsContracts.listIntegrationAwards)
  awards(
    @RpcPayload(EventsContracts.listIntegrationAwards)
    request: RpcRequest<typeof EventsContracts.listIntegrationAwards>,
  ) {
    return this.listAwards.execute(request);
  }
}
