import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { EventsContracts, MatchingContracts, SyncContracts } from '@cps/contracts';
import { printedGtin } from '@cps/domain';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { statusBadge } from '../web/status-badge.js';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { page } from '../web/layout.js';
import { purchasesChart } from './chart.js';
import { change, FIGURES, figureCards, shown, valueOf } from './figures.js';
import { overviewRange, PRESET_DAYS, type OverviewRange } from './overview-range.js';

const HEALTH_SAMPLE = 50;
const TOP_PRODUCTS = 10;

/** Succeeded, failed and pending entries of a sample (webhook deliveries, integration awards). */
function countByStatus(entries: Array<{ status: string }>): { succeeded: number; failed: number; pending: number } {
  const count = (status: string) => entries.filter((entry) => entry.status === status).length;
  return { succeeded: count('succeeded'), failed: count('failed'), pending: count('pending') };
}

/** The range picker: presets as links (the range is in the URL, so a view can be shared), a custom from/to form. */
function rangePicker(range: OverviewRange): Html {
  return html`<form class="card filters range" method="get" action="/" aria-label="Date range">
    <ul class="presets" aria-label="Preset ranges">
      ${PRESET_DAYS.map(
        (days) =>
          html`<li>
            <a
              class="button secondary"
              href="/?days=${days}"
              ${range.preset === days && !range.error ? html`aria-current="true"` : ''}
              >Last ${days} days</a
            >
          </li>`,
      )}
    </ul>
    <div><label for="from">From</label><input id="from" name="from" type="date" value="${range.from}" /></div>
    <div><label for="to">To</label><input id="to" name="to" type="date" value="${range.to}" /></div>
    <div><button type="submit">Show range</button></div>
  </form>`;
}

/**
 * Overview of one mode (live or test): key figures over a date range against the previous period of the same
 * length, purchases per day, per retailer, top catalog products, connections by status, webhook delivery and
 * integrations health. Every table downloads as CSV. The figures are the owning services': sync-service's
 * `sync.team-overview.v1` and matching-service's `matching.team-top-products.v1`, aggregated in Postgres.
 */
@Controller()
@UseGuards(SignedIn)
export class OverviewController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async overview(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    const range = overviewRange(query, new Date());
    const simulated = viewer.testMode ?? false;
    const [overview, products, stats, { webhooks }, { integrations }] = await Promise.all([
      this.rpc.request(SyncContracts.teamOverview, {
        teamId: viewer.teamId,
        from: range.from,
        to: range.to,
        simulated,
      }),
      this.rpc
        .request(MatchingContracts.teamTopProducts, {
          teamId: viewer.teamId,
          from: range.from,
          to: range.to,
          simulated,
          limit: TOP_PRODUCTS,
        })
        // The catalog's figures are matching-service's: without it the rest of the page still answers.
        .then(
          ({ products }) => products,
          () => null,
        ),
      this.rpc.request(SyncContracts.teamStats, { teamId: viewer.teamId, days: 1, simulated }),
      this.rpc.request(EventsContracts.listWebhooks, { teamId: viewer.teamId }),
      this.rpc.request(EventsContracts.listIntegrations, { teamId: viewer.teamId }),
    ]);
    const health = await Promise.all(
      webhooks.map(async (webhook) => {
        const { deliveries } = await this.rpc.request(EventsContracts.listDeliveries, {
          teamId: viewer.teamId,
          webhookId: webhook.webhook_id,
          limit: HEALTH_SAMPLE,
        });
        return { webhook, ...countByStatus(deliveries) };
      }),
    );
    const awardHealth = await Promise.all(
      integrations.map(async (integration) => {
        const { awards } = await this.rpc.request(EventsContracts.listIntegrationAwards, {
          teamId: viewer.teamId,
          integrationId: integration.integration_id,
          limit: HEALTH_SAMPLE,
        });
        return { integration, ...countByStatus(awards) };
      }),
    );
    const { current, previous } = overview;
    const period = `${range.from} to ${range.to}`;
    res.type('html').send(
      page(
        viewer,
        { title: 'Overview', section: '/', error: range.error },
        html`${rangePicker(range)}
          <p class="muted" id="period">
            ${simulated ? 'Test mode (simulated data)' : 'Live data'}, ${period}, compared with the previous
            ${overview.per_day.length} days (${overview.previous_from} to ${overview.previous_to}).
          </p>
          <h2>Key figures</h2>
          ${figureCards(current, previous)}
          <h2>Purchases per day</h2>
          <div class="card" id="purchases-chart">
            ${
              current.purchases > 0
                ? purchasesChart(overview.per_day)
                : html`<p>
                    No purchases yet
                    ${
                      simulated
                        ? 'in test mode in this range: the Simulator makes some.'
                        : 'from real shoppers in this range. Simulated data is in test mode.'
                    }
                  </p>`
            }
          </div>
          <details class="card">
            <summary>The key figures and each day as tables</summary>
            ${table(
              ['Figure', 'This period', 'Previous period', 'Change'],
              FIGURES.map(({ name, label, kind }) => [
                label,
                shown(valueOf(current, name), kind),
                shown(valueOf(previous, name), kind),
                change(valueOf(current, name), valueOf(previous, name), kind),
              ]),
              `${period} against ${overview.previous_from} to ${overview.previous_to}`,
              'figures',
            )}
            ${table(
              ['Day', 'Purchases', 'Spend'],
              overview.per_day.map((day) => [
                day.date,
                shown(day.purchases, 'count'),
                shown(Number(day.spend), 'money'),
              ]),
              'Purchases and spend per day (UTC)',
              'per-day',
            )}
          </details>
          <h2>Per retailer</h2>
          ${
            overview.retailers.length === 0
              ? html`<p class="card">No retailer has purchases in this range.</p>`
              : html`<div class="card" id="per-retailer">
                  ${table(
                    ['Retailer', 'Purchases', 'Shoppers', 'Spend', 'Units'],
                    overview.retailers.map((retailer) => [
                      retailer.name,
                      shown(retailer.purchases, 'count'),
                      shown(retailer.shoppers, 'count'),
                      shown(Number(retailer.spend), 'money'),
                      shown(retailer.units, 'count'),
                    ]),
                    `${period}, most purchases first`,
                    'retailers',
                  )}
                </div>`
          }
          <h2>Top products</h2>
          ${
            products === null
              ? html`<p class="card">Top products are unavailable right now; the other figures are current.</p>`
              : products.length === 0
                ? html`<p class="card">
                    No catalog product was bought in this range. <a href="/catalog">The catalog</a> is what items match.
                  </p>`
                : html`<div class="card" id="top-products">
                    ${table(
                      ['Product', 'Brand', 'UPC', 'Units', 'Spend'],
                      products.map((product) => [
                        product.name,
                        product.brand,
                        product.upc ? printedGtin(product.upc) : null,
                        shown(product.units, 'count'),
                        shown(Number(product.spend), 'money'),
                      ]),
                      `The ${TOP_PRODUCTS} catalog products bought most, ${period}`,
                      'top-products',
                    )}
                  </div>`
          }
          <h2>Connections by status</h2>
          <div class="grid">
            ${stats.connections.map(
              (entry) =>
                html`<div class="card">
                  <div class="stat">${entry.count}</div>
                  ${statusBadge(entry.status)}
                  <p><a href="/connections?status=${entry.status}">See ${entry.status} connections</a></p>
                </div>`,
            )}
          </div>
          <h2>Webhook delivery health</h2>
          ${
            health.length === 0
              ? html`<p class="card">No webhook destinations yet. <a href="/developers">Add one</a>.</p>`
              : html`<div class="card" id="webhook-health">
                  ${table(
                    ['Destination', 'Active', 'Succeeded', 'Failed', 'Pending'],
                    health.map((entry) => [
                      html`<a href="/developers/webhooks/${entry.webhook.webhook_id}"
                        >${entry.webhook.name || entry.webhook.url}</a
                      >`,
                      entry.webhook.is_active ? 'yes' : 'no',
                      entry.succeeded,
                      entry.failed,
                      entry.pending,
                    ]),
                    `The last ${HEALTH_SAMPLE} deliveries of each destination`,
                    'webhook-health',
                  )}
                </div>`
          }
          <h2>Integrations health</h2>
          ${
            awardHealth.length === 0
              ? html`<p class="card">No loyalty or marketing integrations yet. <a href="/integrations">Add one</a>.</p>`
              : html`<div class="card" id="integrations-health">
                  ${table(
                    ['Integration', 'Active', 'Succeeded', 'Failed', 'Pending'],
                    awardHealth.map((entry) => [
                      html`<a href="/integrations/${entry.integration.integration_id}"
                        >${entry.integration.name || entry.integration.integration_id}</a
                      >`,
                      entry.integration.is_active ? 'yes' : 'no',
                      entry.succeeded,
                      entry.failed,
                      entry.pending,
                    ]),
                    `The last ${HEALTH_SAMPLE} awards of each integration`,
                    'integration-health',
                  )}
                </div>`
          }`,
      ),
    );
  }
}
