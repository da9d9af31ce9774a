import { StorefrontContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { ConnectShopUseCase } from './connect-shop.use-case.js';
import { DisconnectShopUseCase } from './disconnect-shop.use-case.js';
import { ShopRepository } from './shop.repository.js';

/** The admin CLI's `shop:connect` and `shop:disconnect`; the dashboard's list of a team's shops and disconnect. */
export const ShopsHandler = rpcHandlers('ShopsHandler', [
  answer(StorefrontContracts.listTeamShops, ShopRepository, async (shops, request) => ({
    shops: await shops.listLinked(request.teamId),
  })),
  answer(StorefrontContracts.connectShop, ConnectShopUseCase, (useCase, request) => useCase.execute(request)),
  answer(StorefrontContracts.disconnectShop, DisconnectShopUseCase, (useCase, request) =>
    useCase.execute(request.shop, request.teamId),
  ),
]);
