import { Injectable } from '@nestjs/common';
import { SyncContracts, type Connection } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { retailerNames } from '../connections/retailer-names.js';

export interface SimulatorView {
  /** The retailers a simulated connection can be made at (the team's enabled ones). */
  retailers: Array<{ id: string; name: string }>;
  connections: Array<{
    id: string;
    customerId: string;
    retailer: string;
    status: Connection['status'];
    createdAt: string;
  }>;
}

/** The Simulator page: the enabled retailers and the simulated connections of the team's latest 100. */
@Injectable()
export class ShowSimulator {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<SimulatorView> {
    const [{ retailers }, { connections }] = await Promise.all([
      this.rpc.request(SyncContracts.listRetailers, { teamId, include: 'enabled' }),
      this.rpc.request(SyncContracts.listConnections, { teamId, limit: 100 }),
    ]);
    const name = retailerNames(retailers);
    return {
      retailers: retailers.map((retailer) => ({ id: retailer.retailer_id, name: retailer.name })),
      connections: connections
        .filter((connection) => connection.is_simulated)
        .map((connection) => ({
          id: connection.connection_id,
          customerId: connection.customer_id,
          retailer: name(connection.retailer_id),
          status: connection.status,
          createdAt: connection.created_at,
        })),
    };
  }
}
