import { Post, Res } from '@nestjs/common';
import { StorefrontContracts } from '@cps/contracts';
import { type Response } from 'express';

import { DashboardPage, Posted } from '../web/form-input.js';
import { TeamPage } from '../web/team-page.js';
import { ShopForm } from './dto/shop.form.dto.js';
import { ListTeamShops } from './list-team-shops.use-case.js';
import { shopsPage } from './shops.view.js';

/**
 * Storefront shops: the shops linked to the team in storefront-proxy (they hold one of its API keys), read from
 * `storefront.list-team-shops.v1`; disconnecting removes the shop's API key (`storefront.disconnect-shop.v1` with
 * the team, so only the team's own shops). Linking a shop happens from the shop's side (`shop:connect`).
 */
@DashboardPage('shops')
export class ShopsController extends TeamPage(ListTeamShops, shopsPage) {
  @Post('disconnect')
  async disconnect(@Posted({ form: ShopForm }) { viewer, form }: Posted<ShopForm>, @Res() res: Response) {
    await this.change(
      viewer,
      res,
      { done: '/shops?notice=shop_disconnected', refusal: 'Shop not disconnected', status: 404 },
      () => this.rpc.request(StorefrontContracts.disconnectShop, { shop: form.shop, teamId: viewer.teamId }),
    );
  }
}
