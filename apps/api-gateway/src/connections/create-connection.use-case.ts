import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { actorOf, type Principal } from '../auth/principal.js';
import { type CreateConnectionBody } from './dto/connection.dto.js';
import { toPublicConnection, type PublicConnection } from './public-connection.js';

@Injectable()
export class CreateConnectionUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(caller: Principal, body: CreateConnectionBody): Promise<PublicConnection> {
    const connection = await this.rpc.request(SyncContracts.createConnection, {
      teamId: caller.teamId,
      actor: actorOf(caller),
      ...body,
    });
    return toPublicConnection(connection);
  }
}
