import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import { StorefrontContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { field, notice, when, type Form } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { buttonForm, page } from '../web/layout.js';
import { changeThenRedirect } from '../web/refusals.js';

/** Who sees the storefront block, in words. */
const AUDIENCES: Record<string, string> = {
  everyone: 'everyone',
  signed_in: 'signed-in customers',
  customer_tag: 'customers with a tag',
  email_domain: 'customers of an email domain',
  hidden: 'nobody (hidden)',
};

/**
 * Storefront shops: the shops linked to the team in storefront-proxy (they hold one of its API keys), read from
 * `storefront.list-team-shops.v1`; disconnecting removes the shop's API key (`storefront.disconnect-shop.v1` with
 * the team, so only the team's own shops). Linking a shop happens from the shop's side (`shop:connect`).
 */
@Controller('shops')
@UseGuards(SignedIn)
export class ShopsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.render(viewer, notice(query), null));
  }

  @Post('disconnect')
  async disconnect(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    await changeThenRedirect(
      res,
      () => this.rpc.request(StorefrontContracts.disconnectShop, { shop: field(form, 'shop'), teamId: viewer.teamId }),
      '/shops?notice=shop_disconnected',
      (error) => this.render(viewer, null, `Shop not disconnected: ${error}`),
      404,
    );
  }

  private async render(viewer: SignedInViewer, noticeText: string | null, error: string | null): Promise<string> {
    const { shops } = await this.rpc.request(StorefrontContracts.listTeamShops, { teamId: viewer.teamId });
    return page(
      viewer,
      { title: 'Storefront shops', section: '/shops', notice: noticeText, error },
      html`<p class="muted">
          Shops whose storefront app holds one of this team's API keys: their customers link retailer accounts from the
          shop. A shop is linked from its own settings (the storefront app), with an API key of this team.
        </p>
        <div class="card">
          ${
            shops.length === 0
              ? html`<p>No storefront shop is linked to this team.</p>`
              : table(
                  [
                    'Shop',
                    'Installed',
                    'Linked',
                    'Block shown to',
                    'Customer details',
                    html`<span class="muted">Disconnect</span>`,
                  ],
                  shops.map((shop) => [
                    html`${shop.shop}<br /><a class="mono" href="${shop.storefront_url}">${shop.storefront_url}</a>`,
                    when(shop.installed_at),
                    when(shop.linked_at),
                    AUDIENCES[shop.block_audience] ?? shop.block_audience,
                    shop.customer_details ? 'yes (Admin API token)' : 'no',
                    buttonForm(viewer, '/shops/disconnect', {
                      label: 'Disconnect',
                      ariaLabel: `Disconnect ${shop.shop}`,
                      kind: 'danger',
                      confirm: 'Disconnect this shop? Its storefront block stops working until it is linked again.',
                      fields: { shop: shop.shop },
                    }),
                  ]),
                  undefined,
                  'shops',
                )
          }
        </div>`,
    );
  }
}
