import { Controller } from '@nestjs/common';
import { StorefrontContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { ConnectShopUseCase } from './connect-shop.use-case.js';
import { DisconnectShopUseCase } from './disconnect-shop.use-case.js';
import { ShopRepository } from './shop.repository.js';

/** The admin CLI's `shop:connect` and `shop:disconnect`; the dashboard's list of a team's shops and disconnect. */
@Controller()
export class ShopsHandler {
  constructor(
    private readonly connectShop: ConnectShopUseCase,
    private readonly disconnectShop: DisconnectShopUseCase,
    private readonly shops: ShopRepository,
  ) {}

  @RpcHandler(StorefrontContracts.listTeamShops)
  async list(
    @RpcPayload(StorefrontContracts.listTeamShops) request: RpcRequest<typeof StorefrontContracts.listTeamShops>,
  ): Promise<StorefrontContracts.TeamShopList> {
    return { shops: await this.shops.listLinked(request.teamId) };
  }

  @RpcHandler(StorefrontContracts.connectShop)
  connect(@RpcPayload(StorefrontContracts.connectShop) request: RpcRequest<typeof StorefrontContracts.connectShop>) {
    return this.connectShop.execute(request);
  }

  @RpcHandler(StorefrontContracts.disconnectShop)
  disconnect(
    @RpcPayload(StorefrontContracts.disconnectShop) request: RpcRequest<typeof StorefrontContracts.disconnectShop>,
  ) {
    return this.disconnectShop.execute(request.shop, request.teamId);
  }
}
