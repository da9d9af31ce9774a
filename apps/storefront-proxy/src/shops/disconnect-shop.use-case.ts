import { Injectable } from '@nestjs/common';
import { type RpcResponse, type StorefrontContracts } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { ShopRepository } from './shop.repository.js';

/**
 * `shop:disconnect`, or a team's own disconnect from the dashboard (`teamId`: only a shop linked to that team): the
 * shop's API key is removed; its storefront endpoints answer 404 until a new one is set.
 */
@Injectable()
export class DisconnectShopUseCase {
  constructor(
    private readonly shops: ShopRepository,
    private readonly clock: Clock,
  ) {}

  async execute(shop: string, teamId?: string): Promise<RpcResponse<typeof StorefrontContracts.disconnectShop>> {
    if (!(await this.shops.removeApiKey(shop, this.clock.now(), teamId))) {
      throw new RpcRefusal(404, `shop ${shop} not found`);
    }
    return { shop, api_key_removed: true };
  }
}
