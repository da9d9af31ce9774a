import { Injectable } from '@nestjs/common';
import { isDisconnected, SyncContracts, type Connection } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { retailerNames } from './retailer-names.js';

export interface ConnectionView {
  connection: Connection;
  retailerName: string;
  /** Not disconnected: it can be disconnected, and it is collected. */
  open: boolean;
  collection: SyncContracts.ConnectionCollection;
  /** The 20 newest purchases, and whether there are more. */
  purchases: SyncContracts.PurchaseList['purchases'];
  morePurchases: boolean;
  activity: SyncContracts.ConnectionActivity['activity'];
}

/** One connection of the team: its facts, collection state, newest purchases and activity (sync-service). */
@Injectable()
export class ShowConnection {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, connectionId: string): Promise<ConnectionView> {
    const ref = { teamId, connectionId };
    const [connection, { activity }, { purchases, has_more }, { retailers }, collection] = await Promise.all([
      this.rpc.request(SyncContracts.getConnection, ref),
      this.rpc.request(SyncContracts.listConnectionActivity, ref),
      this.rpc.request(SyncContracts.listPurchases, { ...ref, limit: 20 }),
      this.rpc.request(SyncContracts.listRetailers, { teamId, include: 'all' }),
      this.rpc.request(SyncContracts.getConnectionCollection, ref),
    ]);
    return {
      connection,
      retailerName: retailerNames(retailers)(connection.retailer_id),
      open: !isDisconnected(connection.status),
      collection,
      purchases,
      morePurchases: has_more,
      activity,
    };
  }
}
