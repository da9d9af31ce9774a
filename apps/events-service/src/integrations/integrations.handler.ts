import { EventsContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { CreateIntegrationUseCase } from './create-integration.use-case.js';
import { DeleteIntegrationUseCase } from './delete-integration.use-case.js';
import { GetIntegrationUseCase } from './get-integration.use-case.js';
import { ListAwardsUseCase } from './list-awards.use-case.js';
import { ListIntegrationsUseCase } from './list-integrations.use-case.js';
import { UpdateIntegrationUseCase } from './update-integration.use-case.js';

export const IntegrationsHandler = rpcHandlers('IntegrationsHandler', [
  answer(EventsContracts.createIntegration, CreateIntegrationUseCase, (useCase, request) => useCase.execute(request)),
  answer(EventsContracts.listIntegrations, ListIntegrationsUseCase, (useCase, request) =>
    useCase.execute(request.teamId),
  ),
  answer(EventsContracts.getIntegration, GetIntegrationUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.integrationId),
  ),
  answer(EventsContracts.updateIntegration, UpdateIntegrationUseCase, (useCase, request) => useCase.execute(request)),
  answer(EventsContracts.deleteIntegration, DeleteIntegrationUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.integrationId),
  ),
  answer(EventsContracts.listIntegrationAwards, ListAwardsUseCase, (useCase, request) => useCase.execute(request)),
]);
