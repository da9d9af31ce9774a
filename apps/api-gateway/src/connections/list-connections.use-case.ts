import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type ListConnectionsQuery } from './dto/connection.dto.js';
import { toPublicConnection, type PublicConnection } from './public-connection.js';

@Injectable()
export class ListConnectionsUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(
    teamId: string,
    query: ListConnectionsQuery,
  ): Promise<{ connections: PublicConnection[]; has_more: boolean }> {
    const page = await this.rpc.request(SyncContracts.listConnections, { teamId, ...query });
    return { connections: page.connections.map(toPublicConnection), has_more: page.has_more };
  }
}
