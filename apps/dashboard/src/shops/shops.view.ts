import { when } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { disconnectButton, page, type PageMessages, type Viewer } from '../web/layout.js';
import { type ShopRow } from './list-team-shops.use-case.js';

export function shopsPage(viewer: Viewer, shops: ShopRow[], messages: PageMessages): string {
  return page(
    viewer,
    { title: 'Storefront shops', section: '/shops', ...messages },
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
                  html`${shop.shop}<br /><a class="mono" href="${shop.storefrontUrl}">${shop.storefrontUrl}</a>`,
                  when(shop.installedAt),
                  when(shop.linkedAt),
                  shop.audience,
                  shop.customerDetails ? 'yes (Admin API token)' : 'no',
                  disconnectButton(
                    viewer,
                    '/shops/disconnect',
                    shop.shop,
                    'Disconnect this shop? Its storefront block stops working until it is linked again.',
                    { shop: shop.shop },
                  ),
                ]),
                undefined,
                'shops',
              )
        }
      </div>`,
  );
}
