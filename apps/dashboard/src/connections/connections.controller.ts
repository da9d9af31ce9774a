import { Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  CONNECTION_STATUSES,
  isDisconnected,
  MatchingContracts,
  toPublicConnectionStatus,
  SyncContracts,
  type ConnectionStatus,
  type TeamRetailer,
} from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { sendCsv } from '../web/csv.js';
import { field, notice, when, type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';
import { statusBadge } from '../web/status-badge.js';

const PAGE_SIZE = 25;

/** Attribution tags as `key: value` chips. */
function tagList(tags: Record<string, string>): Html | string {
  const entries = Object.entries(tags);
  return entries.length === 0
    ? ''
    : html`${entries.map(([key, value]) => html`<span class="status mono">${key}: ${value}</span> `)}`;
}

const EXPORT_PAGES = 100;

function filtersOf(query: Form) {
  return {
    search: field(query, 'q').slice(0, 200),
    tag: field(query, 'tag').slice(0, 300),
    status: field(query, 'status'),
    retailer: field(query, 'retailer_id'),
  };
}

/** The list request of the page's filters, in the viewer's mode (test: simulated only; live: real only). */
function listRequest(
  viewer: SignedInViewer,
  search: string,
  tag: string,
  status: string,
  retailer: string,
  after: string | undefined,
) {
  return {
    teamId: viewer.teamId,
    simulated: viewer.testMode ?? false,
    ...(search ? { search } : {}),
    ...(tag ? { tag } : {}),
    ...((CONNECTION_STATUSES as readonly string[]).includes(status) ? { status: status as ConnectionStatus } : {}),
    ...(retailer ? { retailer_id: retailer } : {}),
    ...(after ? { starting_after: after } : {}),
  };
}

export function retailerNames(retailers: TeamRetailer[]): (id: string) => string {
  const names = new Map(retailers.map((retailer) => [retailer.retailer_id, retailer.name]));
  return (id) => names.get(id) ?? id;
}

/** Connections: search and filters, a connection's activity and purchases, disconnect. */
@Controller('connections')
@UseGuards(SignedIn)
export class ConnectionsController {
  constructor(private readonly rpc: RpcClient) {}

  /** The filtered list as CSV (the matching connections, newest first, up to EXPORT_PAGES pages). */
  @Get('export.csv')
  async export(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    const { search, tag, status, retailer } = filtersOf(query);
    const rows: Array<Array<string | null>> = [];
    let after: string | undefined;
    for (let pageIndex = 0; pageIndex < EXPORT_PAGES; pageIndex++) {
      const list = await this.rpc.request(SyncContracts.listConnections, {
        ...listRequest(viewer, search, tag, status, retailer, after),
        limit: 100,
      });
      for (const connection of list.connections) {
        rows.push([
          connection.connection_id,
          connection.customer_id,
          connection.retailer_id,
          toPublicConnectionStatus(connection.status),
          connection.email,
          Object.entries(connection.tags)
            .map(([key, value]) => `${key}:${value}`)
            .join(' '),
          connection.created_at,
        ]);
      }
      after = list.connections.at(-1)?.connection_id;
      if (!list.has_more || !after) break;
    }
    sendCsv(
      res,
      'connections.csv',
      ['connection_id', 'customer_id', 'retailer_id', 'status', 'email', 'tags', 'created_at'],
      rows,
    );
  }

  @Get()
  async list(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    const { search, tag, status, retailer } = filtersOf(query);
    const after = field(query, 'starting_after');
    const [{ retailers }, list] = await Promise.all([
      this.rpc.request(SyncContracts.listRetailers, { teamId: viewer.teamId, include: 'all' }),
      this.rpc.request(SyncContracts.listConnections, {
        ...listRequest(viewer, search, tag, status, retailer, after || undefined),
        limit: PAGE_SIZE,
      }),
    ]);
    const name = retailerNames(retailers);
    const last = list.connections.at(-1);
    const next = new URLSearchParams({ q: search, tag, status, retailer_id: retailer });
    const exportQuery = next.toString();
    if (last) next.set('starting_after', last.connection_id);
    res.type('html').send(
      page(
        viewer,
        { title: 'Connections', section: '/connections', notice: notice(query) },
        html`<form class="card filters" method="get" action="/connections" role="search">
            <div>
              <label for="q">Customer id or email</label
              ><input id="q" name="q" type="search" value="${search}" maxlength="200" />
            </div>
            <div>
              <label for="tag">Tag (key:value)</label
              ><input id="tag" name="tag" type="text" value="${tag}" maxlength="300" placeholder="campaign:spring" />
            </div>
            <div>
              <label for="status">Status</label
              ><select id="status" name="status">
                <option value="">Any</option>
                ${CONNECTION_STATUSES.map(
                  (option) => html`<option${option === status ? html` selected` : ''}>${option}</option>`,
                )}
              </select>
            </div>
            <div>
              <label for="retailer_id">Retailer</label
              ><select id="retailer_id" name="retailer_id">
                <option value="">Any</option>
                ${retailers.map(
                  (option) =>
                    html`<option
                      value="${option.retailer_id}"
                      ${option.retailer_id === retailer ? html` selected` : ''}
                    >
                      ${option.name}
                    </option>`,
                )}
              </select>
            </div>
            <div>
              <button type="submit">Search</button> <a class="button secondary" href="/connections">Clear</a>
              <a class="button secondary" href="/connections/export.csv?${exportQuery}">Export CSV</a>
            </div>
          </form>
          ${
            list.connections.length === 0
              ? html`<p class="card">No connections match.</p>`
              : html`<div class="card">
                  ${table(
                    ['Customer', 'Retailer', 'Status', 'Email', 'Tags', 'Created'],
                    list.connections.map((connection) => [
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
                  ${list.has_more ? html`<p><a href="/connections?${next.toString()}">Older connections</a></p>` : ''}
                </div>`
          }`,
      ),
    );
  }

  @Get(':id')
  async detail(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Query() query: Form,
    @Res() res: Response,
  ) {
    const ref = { teamId: viewer.teamId, connectionId: id };
    const [connection, { activity }, { purchases, has_more }, { retailers }, collection] = await Promise.all([
      this.rpc.request(SyncContracts.getConnection, ref),
      this.rpc.request(SyncContracts.listConnectionActivity, ref),
      this.rpc.request(SyncContracts.listPurchases, { ...ref, limit: 20 }),
      this.rpc.request(SyncContracts.listRetailers, { teamId: viewer.teamId, include: 'all' }),
      this.rpc.request(SyncContracts.getConnectionCollection, ref),
    ]);
    const name = retailerNames(retailers);
    const open = !isDisconnected(connection.status);
    res.type('html').send(
      page(
        viewer,
        { title: `Connection ${connection.customer_id}`, section: '/connections', notice: notice(query) },
        html`<div class="card">
            <dl class="facts">
              <dt>Connection id</dt>
              <dd class="mono">${connection.connection_id}</dd>
              <dt>Customer id</dt>
              <dd>${connection.customer_id}</dd>
              <dt>Retailer</dt>
              <dd>${name(connection.retailer_id)}</dd>
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
                  ${has_more ? html`<p class="muted">Showing the 20 newest purchases.</p>` : ''}
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
      ),
    );
  }

  @Get(':id/purchases/:purchaseId')
  async purchase(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Param('purchaseId') purchaseId: string,
    @Res() res: Response,
  ) {
    const [purchase, { matches }] = await Promise.all([
      this.rpc.request(SyncContracts.getPurchase, { teamId: viewer.teamId, purchaseId, connectionId: id }),
      this.rpc.request(MatchingContracts.getPurchaseMatches, { teamId: viewer.teamId, purchaseId }),
    ]);
    const matched = new Map(matches.map((match) => [match.item_id, match.product]));
    res.type('html').send(
      page(
        viewer,
        { title: `Purchase of ${when(purchase.date)}`, section: '/connections' },
        html`<p><a href="/connections/${id}">Back to the connection</a></p>
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
      ),
    );
  }

  /** Disconnect through sync-service's rule set, recorded as `event_source` `Dashboard` by this user. */
  @Post(':id/disconnect')
  async disconnect(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(SyncContracts.updateConnection, {
        teamId: viewer.teamId,
        connectionId: id,
        actor: viewer.actor,
        status: 'disconnected',
      }),
    );
    if (!result.ok) {
      res
        .status(409)
        .type('html')
        .send(
          page(
            viewer,
            { title: 'Connection', section: '/connections', error: result.error },
            html`<p><a href="/connections/${id}">Back to the connection</a></p>`,
          ),
        );
      return;
    }
    res.redirect(303, `/connections/${encodeURIComponent(id)}?notice=disconnected`);
  }
}
