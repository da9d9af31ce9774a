import { Injectable } from '@nestjs/common';
import { SyncContracts, type Connection, type TeamRetailer } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { listRequest } from './connection-filter.js';
import { type ConnectionFilterQuery } from './dto/connections.dto.js';

const PAGE_SIZE = 25;

export interface ConnectionsView {
  filter: ConnectionFilterQuery;
  retailers: TeamRetailer[];
  connections: Connection[];
  /** The query of the next page, when there is one. */
  nextQuery: string | null;
  /** The filters as the query of the CSV export. */
  exportQuery: string;
}

/** A page of the team's connections that match the filters, newest first, in the viewer's mode. */
@Injectable()
export class ListConnections {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, testMode: boolean, filter: ConnectionFilterQuery): Promise<ConnectionsView> {
    const [{ retailers }, list] = await Promise.all([
      this.rpc.request(SyncContracts.listRetailers, { teamId, include: 'all' }),
      this.rpc.request(SyncContracts.listConnections, {
        ...listRequest(teamId, testMode, filter, filter.starting_after),
        limit: PAGE_SIZE,
      }),
    ]);
    const next = new URLSearchParams({
      q: filter.q,
      tag: filter.tag,
      status: filter.status,
      retailer_id: filter.retailer_id,
    });
    const exportQuery = next.toString();
    const last = list.connections.at(-1);
    if (last) next.set('starting_after', last.connection_id);
    return {
      filter,
      retailers,
      connections: list.connections,
      nextQuery: list.has_more ? next.toString() : null,
      exportQuery,
    };
  }
}
