import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { actorOf, type Principal } from '../auth/principal.js';
import { type UpdateConnectionBody } from './dto/connection.dto.js';
import { toPublicConnection, type PublicConnection } from './public-connection.js';

@Injectable()
export class UpdateConnectionUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(caller: Principal, connectionId: string, changes: UpdateConnectionBody): Promise<PublicConnection> {
    const connection = await this.rpc.request(SyncContracts.updateConnection, {
      teamId: caller.teamId,
      connectionId,
      actor: actorOf(caller),
      ...changes,
    });
    return toPublicConnection(connection);
  }
}
