import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { actorOf, type Principal } from '../auth/principal.js';
import { toPublicConnection, type PublicConnection } from '../connections/public-connection.js';
import { type UpdateSimulatedConnectionBody } from './dto/update-simulated-connection.body.dto.js';

@Injectable()
export class UpdateSimulatedConnectionUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(
    caller: Principal,
    connectionId: string,
    body: UpdateSimulatedConnectionBody,
  ): Promise<PublicConnection> {
    const connection = await this.rpc.request(SyncContracts.updateSimulatedConnection, {
      teamId: caller.teamId,
      connectionId,
      actor: actorOf(caller),
      status: body.status,
    });
    return toPublicConnection(connection);
  }
}
