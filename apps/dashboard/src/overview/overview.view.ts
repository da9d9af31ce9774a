import { printedGtin } from '@cps/domain';
import { html, table, type Html } from '../web/html.js';
import { page, type Viewer } from '../web/layout.js';
import { statusBadge } from '../web/status-badge.js';
import { purchasesChart } from './chart.js';
import { change, FIGURES, figureCards, shown, valueOf } from './figures.js';
import { PRESET_DAYS, type OverviewRange } from './overview-range.js';
import { type HealthCounts, type OverviewView } from './show-overview.use-case.js';

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

/** The health of the webhook destinations or the integrations: each one's sample counted by status. */
function healthTable(
  rows: Array<{ href: string; name: string; active: boolean } & HealthCounts>,
  options: { id: string; none: Html; header: string; caption: string; exportAs: string },
): Html {
  return rows.length === 0
    ? options.none
    : html`<div class="card" id="${options.id}">
        ${table(
          [options.header, 'Active', 'Succeeded', 'Failed', 'Pending'],
          rows.map((row) => [
            html`<a href="${row.href}">${row.name}</a>`,
            row.active ? 'yes' : 'no',
            row.succeeded,
            row.failed,
            row.pending,
          ]),
          options.caption,
          options.exportAs,
        )}
      </div>`;
}

export function overviewPage(
  viewer: Viewer,
  range: OverviewRange,
  simulated: boolean,
  { overview, products, topProducts, stats, healthSample, webhookHealth, integrationHealth }: OverviewView,
): string {
  const { current, previous } = overview;
  const period = `${range.from} to ${range.to}`;
  return page(
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
          overview.per_day.map((day) => [day.date, shown(day.purchases, 'count'), shown(Number(day.spend), 'money')]),
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
                  `The ${topProducts} catalog products bought most, ${period}`,
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
      ${healthTable(
        webhookHealth.map(({ item, ...counts }) => ({
          href: `/developers/webhooks/${item.webhook_id}`,
          name: item.name || item.url,
          active: item.is_active,
          ...counts,
        })),
        {
          id: 'webhook-health',
          none: html`<p class="card">No webhook destinations yet. <a href="/developers">Add one</a>.</p>`,
          header: 'Destination',
          caption: `The last ${healthSample} deliveries of each destination`,
          exportAs: 'webhook-health',
        },
      )}
      <h2>Integrations health</h2>
      ${healthTable(
        integrationHealth.map(({ item, ...counts }) => ({
          href: `/integrations/${item.integration_id}`,
          name: item.name || item.integration_id,
          active: item.is_active,
          ...counts,
        })),
        {
          id: 'integrations-health',
          none: html`<p class="card">
            No loyalty or marketing integrations yet. <a href="/integrations">Add one</a>.
          </p>`,
          header: 'Integration',
          caption: `The last ${healthSample} awards of each integration`,
          exportAs: 'integration-health',
        },
      )}`,
  );
}
