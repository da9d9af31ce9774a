import { type StorefrontContracts } from '@cps/contracts';
import { when } from '../web/forms.js';
import { html, tableOr } from '../web/html.js';
import { disconnectButton, page, type PageMessages, type Viewer } from '../web/layout.js';

/** Who sees the storefront block, in words. */
const AUDIENCES: Record<string, string> = {
  everyone: 'everyone',
  signed_in: 'signed-in customers',
  customer_tag: 'customers with a tag',
  email_domain: 'customers of an email domain',
  hidden: 'nobody (hidden)',
};

export function shopsPage(viewer: Viewer, shops: StorefrontContracts.TeamShop[], messages: PageMessages): string {
  return page(
    viewer,
    { title: 'Storefront shops', section: '/shops', ...messages },
    html`<p class="muted">
        Shops whose storefront app holds one of this team's API keys: their customers link retailer accounts from the
        shop. A shop is linked from its own settings (the storefront app), with an API key of this team.
      </p>
      <div class="card">
        ${tableOr(
          html`<p>No storefront shop is linked to this team.</p>`,
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
        )}
      </div>`,
  );
}
