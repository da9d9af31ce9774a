import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { ConnectorGrantRepository } from './connector-grant.repository.js';
import { DisconnectConnectorUseCase } from './disconnect-connector.use-case.js';

/** The brand dashboard's view of the data-query connectors authorized on a team, and their disconnect. */
@Controller()
export class ConnectorsHandler {
  constructor(
    private readonly grants: ConnectorGrantRepository,
    private readonly disconnectConnector: DisconnectConnectorUseCase,
    private readonly clock: Clock,
  ) {}

  @RpcHandler(AuthContracts.listConnectors)
  async list(
    @RpcPayload(AuthContracts.listConnectors) request: RpcRequest<typeof AuthContracts.listConnectors>,
  ): Promise<AuthContracts.TeamConnectorList> {
    return { connectors: await this.grants.listLive(request.teamId, this.clock.now()) };
  }

  @RpcHandler(AuthContracts.disconnectConnector)
  disconnect(
    @RpcPayload(AuthContracts.disconnectConnector) request: RpcRequest<typeof AuthContracts.disconnectConnector>,
  ) {
    return this.disconnectConnector.execute(request.clientId, request.teamId);
  }
}
