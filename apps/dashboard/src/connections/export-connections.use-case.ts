import { Injectable } from '@nestjs/common';
import { SyncContracts, toPublicConnectionStatus } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { listRequest } from './connection-filter.js';
import { type ConnectionFilterQuery } from './dto/connections.dto.js';

const EXPORT_PAGES = 100;

/** The filtered list as CSV rows (the matching connections, newest first, up to EXPORT_PAGES pages of 100). */
@Injectable()
export class ExportConnections {
  constructor(private readonly rpc: RpcClient) {}

  async execute(
    teamId: string,
    testMode: boolean,
    filter: ConnectionFilterQuery,
  ): Promise<{ headers: string[]; rows: Array<Array<string | null>> }> {
    const rows: Array<Array<string | null>> = [];
    let after = '';
    for (let pageIndex = 0; pageIndex < EXPORT_PAGES; pageIndex++) {
      const list = await this.rpc.request(SyncContracts.listConnections, {
        ...listRequest(teamId, testMode, filter, after),
        limit: 100,
      });
      for (const connection of list.connections) {
        rows.push([
          connection.connection_id,
          connection.customer_id,
          connection.retailer_id,
          toPublicConnectionStatus(connection.status),
          connection.email,
          Object.entries(connection.tags)
            .map(([key, value]) => `${key}:${value}`)
            .join(' '),
          connection.created_at,
        ]);
      }
      after = list.connections.at(-1)?.connection_id ?? '';
      if (!list.has_more || !after) break;
    }
    return { headers: ['connection_id', 'customer_id', 'retailer_id', 'status', 'email', 'tags', 'created_at'], rows };
  }
}
