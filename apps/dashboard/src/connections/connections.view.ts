import { CONNECTION_STATUSES } from '@cps/contracts';
import { when } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { csrfField, filterButtons, filterSelect, page, type PageMessages, type Viewer } from '../web/layout.js';
import { statusBadge } from '../web/status-badge.js';
import { type ConnectionsView } from './list-connections.use-case.js';
import { retailerNames } from './retailer-names.js';
import { type ConnectionView } from './show-connection.use-case.js';
import { type PurchaseView } from './show-purchase.use-case.js';

/** Attribution tags as `key: value` chips. */
function tagList(tags: Record<string, string>): Html | string {
  const entries = Object.entries(tags);
  return entries.length === 0
    ? ''
    : html`${entries.map(([key, value]) => html`<span class="status mono">${key}: ${value}</span> `)}`;
}

export function connectionsPage(
  viewer: Viewer,
  { filter, retailers, connections, nextQuery, exportQuery }: ConnectionsView,
  messages: PageMessages,
): string {
  const name = retailerNames(retailers);
  return page(
    viewer,
    { title: 'Connections', section: '/connections', ...messages },
    html`<form class="card filters" method="get" action="/connections" role="search">
        <div>
          <label for="q">Customer id or email</label
          ><input id="q" name="q" type="search" value="${filter.q}" maxlength="200" />
        </div>
        <div>
          <label for="tag">Tag (key:value)</label
          ><input id="tag" name="tag" type="text" value="${filter.tag}" maxlength="300" placeholder="campaign:spring" />
        </div>
        ${filterSelect(
          'status',
          'Status',
          'Any',
          CONNECTION_STATUSES.map((option) => [option, option] as const),
          filter.status,
        )}
        ${filterSelect(
          'retailer_id',
          'Retailer',
          'Any',
          retailers.map((option) => [option.retailer_id, option.name] as const),
          filter.retailer_id,
        )}
        ${filterButtons('Search', '/connections', `/connections/export.csv?${exportQuery}`)}
      </form>
      ${
        connections.length === 0
          ? html`<p class="card">No connections match.</p>`
          : html`<div class="card">
              ${table(
                ['Customer', 'Retailer', 'Status', 'Email', 'Tags', 'Created'],
                connections.map((connection) => [
                  html`<a href="/connections/${connection.connection_id}">${connection.customer_id}</a>${
                      connection.is_simulated ? html` <span class="muted">(simulated)</span>` : ''
                    }`,
                  name(connection.retailer_id),
                  statusBadge(connection.status),
                  connection.email,
                  tagList(connection.tags),
                  when(connection.created_at),
                ]),
                'Newest first',
              )}
              ${nextQuery ? html`<p><a href="/connections?${nextQuery}">Older connections</a></p>` : ''}
            </div>`
      }`,
  );
}

export function connectionPage(
  viewer: Viewer,
  { connection, retailerName, open, collection, purchases, morePurchases, activity }: ConnectionView,
  messages: PageMessages,
): string {
  return page(
    viewer,
    { title: `Connection ${connection.customer_id}`, section: '/connections', ...messages },
    html`<div class="card">
        <dl class="facts">
          <dt>Connection id</dt>
          <dd class="mono">${connection.connection_id}</dd>
          <dt>Customer id</dt>
          <dd>${connection.customer_id}</dd>
          <dt>Retailer</dt>
          <dd>${retailerName}</dd>
          <dt>Status</dt>
          <dd>${statusBadge(connection.status)}</dd>
          <dt>Email</dt>
          <dd>${connection.email ?? '—'}</dd>
          <dt>Mobile</dt>
          <dd>${connection.mobile ?? '—'}</dd>
          <dt>Simulated</dt>
          <dd>${connection.is_simulated ? 'yes' : 'no'}</dd>
          <dt>Created</dt>
          <dd>${when(connection.created_at)}</dd>
          <dt>Tags</dt>
          <dd>${tagList(connection.tags) || '—'}</dd>
        </dl>
        ${
          open
            ? html`<form
                method="post"
                action="/connections/${connection.connection_id}/disconnect"
                class="actions"
                data-confirm="Disconnect this connection? Collection stops."
              >
                ${csrfField(viewer)}<button type="submit" class="danger">Disconnect</button>
              </form>`
            : ''
        }
      </div>
      <h2>Collection</h2>
      <div class="card" id="collection">
        ${
          collection.collected
            ? html`<dl class="facts">
                <dt>Last successful collection</dt>
                <dd>${when(collection.last_succeeded_at) || 'not yet'}</dd>
                <dt>Next collection</dt>
                <dd>${open ? when(collection.next_poll_at) : 'none: disconnected'}</dd>
                <dt>Error</dt>
                <dd>
                  ${
                    collection.last_error
                      ? html`<span class="status status-failed">${collection.last_error}</span>
                          (${collection.consecutive_failures} failed in a row)`
                      : 'none'
                  }
                </dd>
              </dl>`
            : html`<p>
                Nothing to collect:
                ${connection.is_simulated ? 'a simulated connection gets purchases from the Simulator.' : 'not linked.'}
              </p>`
        }
      </div>
      <h2>Purchases</h2>
      ${
        purchases.length === 0
          ? html`<p class="card">No purchases yet.</p>`
          : html`<div class="card">
              ${table(
                ['Date', 'Type', 'Total', 'Purchase'],
                purchases.map((purchase) => [
                  when(purchase.date),
                  purchase.purchase_type,
                  purchase.total,
                  html`<a href="/connections/${connection.connection_id}/purchases/${purchase.purchase_id}"
                    >Items and matched products</a
                  >`,
                ]),
                undefined,
                'purchases',
              )}
              ${morePurchases ? html`<p class="muted">Showing the 20 newest purchases.</p>` : ''}
            </div>`
      }
      <h2>Activity</h2>
      <div class="card">
        ${table(
          ['When', 'Event', 'Source', 'By', 'Details'],
          activity.map((entry) => [
            when(entry.timestamp),
            entry.event,
            entry.event_source,
            entry.source_id_name,
            entry.details,
          ]),
          undefined,
          'activity',
        )}
      </div>`,
  );
}

export function purchasePage(viewer: Viewer, connectionId: string, { purchase, matched }: PurchaseView): string {
  return page(
    viewer,
    { title: `Purchase of ${when(purchase.date)}`, section: '/connections' },
    html`<p><a href="/connections/${connectionId}">Back to the connection</a></p>
      <div class="card">
        <dl class="facts">
          <dt>Total</dt>
          <dd>${purchase.total} ${purchase.currency}</dd>
          <dt>Type</dt>
          <dd>${purchase.purchase_type}</dd>
          <dt>Lines</dt>
          <dd>${purchase.items.length}</dd>
          <dt>Units (total quantity)</dt>
          <dd>${purchase.item_count}</dd>
        </dl>
      </div>
      <div class="card">
        ${table(
          ['Item', 'Brand', 'UPC', 'Price', 'Qty', 'Matched product'],
          purchase.items.map((item) => {
            const product = matched.get(item.item_id);
            return [
              item.name,
              item.brand,
              item.upc,
              item.price,
              item.quantity,
              product
                ? html`${product.name} <span class="muted mono">${product.product_id}</span>`
                : html`<span class="muted">none</span>`,
            ];
          }),
          undefined,
          'items',
        )}
      </div>`,
  );
}

/** A disconnect the platform refused, with the way back. */
export function disconnectRefusedPage(viewer: Viewer, connectionId: string, error: string): string {
  return page(
    viewer,
    { title: 'Connection', section: '/connections', error },
    html`<p><a href="/connections/${connectionId}">Back to the connection</a></p>`,
  );
}
