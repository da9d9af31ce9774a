import { AuthContracts } from '@cps/contracts';
import { answer, answerWith, rpcHandlers } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { ConnectorGrantRepository } from './connector-grant.repository.js';
import { DisconnectConnectorUseCase } from './disconnect-connector.use-case.js';

/** The brand dashboard's view of the data-query connectors authorized on a team, and their disconnect. */
export const ConnectorsHandler = rpcHandlers('ConnectorsHandler', [
  answerWith(AuthContracts.listConnectors, [ConnectorGrantRepository, Clock], async ([grants, clock], request) => ({
    connectors: await grants.listLive(request.teamId, clock.now()),
  })),
  answer(AuthContracts.disconnectConnector, DisconnectConnectorUseCase, (useCase, request) =>
    useCase.execute(request.clientId, request.teamId),
  ),
]);
