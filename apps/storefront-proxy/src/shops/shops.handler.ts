import { Controller } from '@nestjs/common';
import { StorefrontContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { ConnectShopUseCase } from './connect-shop.use-case.js';
import { DisconnectShopUseCase } from './disconnect-shop.use-case.js';

/** The admin CLI's `shop:connect` and `shop:disconnect`. */
@Controller()
export class ShopsHandler {
  constructor(
    private readonly connectShop: ConnectShopUseCase,
    private readonly disconnectShop: DisconnectShopUseCase,
  ) {}

  @RpcHandler(StorefrontContracts.connectShop)
  connect(@RpcPayload(StorefrontContracts.connectShop) request: RpcRequest<typeof StorefrontContracts.connectShop>) {
    return this.connectShop.execute(request);
  }

  @RpcHandler(StorefrontContracts.disconnectShop)
  disconnect(
    @RpcPayload(StorefrontContracts.disconnectShop) request: RpcRequest<typeof StorefrontContracts.disconnectShop>,
  ) {
    return this.disconnectShop.execute(request.shop);
  }
}
