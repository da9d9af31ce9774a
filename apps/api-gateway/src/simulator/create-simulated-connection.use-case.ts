import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { actorOf, type Principal } from '../auth/principal.js';
import { toPublicConnection, type PublicConnection } from '../connections/public-connection.js';
import { type CreateSimulatedConnectionBody } from './dto/create-simulated-connection.body.dto.js';

@Injectable()
export class CreateSimulatedConnectionUseCase {
  constructor(private readonly rpc: RpcClient) {}

  /** The activity log names the API key (or OAuth client) that created the connection. */
  async execute(caller: Principal, body: CreateSimulatedConnectionBody): Promise<PublicConnection> {
    const connection = await this.rpc.request(SyncContracts.createSimulatedConnection, {
      teamId: caller.teamId,
      actor: actorOf(caller),
      ...body,
    });
    return toPublicConnection(connection);
  }
}
