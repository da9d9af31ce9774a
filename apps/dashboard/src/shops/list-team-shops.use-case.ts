import { Injectable } from '@nestjs/common';
import { StorefrontContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** The shops linked to the team in storefront-proxy (`storefront.list-team-shops.v1`). */
@Injectable()
export class ListTeamShops {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<StorefrontContracts.TeamShop[]> {
    return (await this.rpc.request(StorefrontContracts.listTeamShops, { teamId })).shops;
  }
}
