import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type ApiCaller } from '../auth/api-caller.js';
import { toPublicConnection, type PublicConnection } from '../connections/public-connection.js';
import { type CreateSimulatedConnectionBody } from './dto/create-simulated-connection.body.dto.js';

@Injectable()
export class CreateSimulatedConnectionUseCase {
  constructor(private readonly rpc: RpcClient) {}

  /** The activity log names the API key that created the connection. */
  async execute(caller: ApiCaller, body: CreateSimulatedConnectionBody): Promise<PublicConnection> {
    const connection = await this.rpc.request(SyncContracts.createSimulatedConnection, {
      teamId: caller.teamId,
      actor: { source: 'API', idType: 'client_api_key', idName: caller.keyName },
      ...body,
    });
    return toPublicConnection(connection);
  }
}
