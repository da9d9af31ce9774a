import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { toPublicConnection, type PublicConnection } from './public-connection.js';

@Injectable()
export class GetConnectionUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, connectionId: string): Promise<PublicConnection> {
    return toPublicConnection(await this.rpc.request(SyncContracts.getConnection, { teamId, connectionId }));
  }
}
