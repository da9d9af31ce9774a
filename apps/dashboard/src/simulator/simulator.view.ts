import { when } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { buttonForm, csrfField, page, type PageMessages, type Viewer } from '../web/layout.js';
import { statusBadge } from '../web/status-badge.js';
import { type SimulatorView } from './show-simulator.use-case.js';

type SimulatedConnection = SimulatorView['connections'][number];

function actions(viewer: Viewer, connection: SimulatedConnection) {
  const base = `/simulator/connections/${connection.id}`;
  const open = connection.status === 'active' || connection.status === 'unauthenticated';
  const next = connection.status === 'active' ? 'unauthenticated' : 'active';
  return html`<div class="actions">
    ${
      open
        ? [
            buttonForm(viewer, `${base}/purchases`, { label: 'Add purchase', kind: 'secondary' }),
            buttonForm(viewer, `${base}/status`, {
              label: `Make ${next}`,
              kind: 'secondary',
              fields: { status: next },
            }),
          ]
        : ''
    }
    ${buttonForm(viewer, `${base}/delete`, {
      label: 'Delete',
      kind: 'danger',
      confirm: 'Delete this simulated connection and its purchases?',
    })}
  </div>`;
}

export function simulatorPage(viewer: Viewer, { retailers, connections }: SimulatorView, messages: PageMessages) {
  return page(
    viewer,
    { title: 'Simulator', section: '/simulator', ...messages },
    html`<p>
        Simulated connections and purchases behave like real ones (webhooks carry <code>is_simulated</code>) and are
        purged after a while.
      </p>
      <form method="post" action="/simulator/connections" class="card">
        ${csrfField(viewer)}
        <h2>New simulated connection</h2>
        ${
          retailers.length === 0
            ? html`<p>Enable a retailer first (Retailers page).</p>`
            : html`<label for="sim-retailer">Retailer</label
                ><select id="sim-retailer" name="retailer_id">
                  ${retailers.map((retailer) => html`<option value="${retailer.id}">${retailer.name}</option>`)}
                </select>
                <label for="sim-customer">Customer id (optional)</label
                ><input id="sim-customer" name="customer_id" type="text" maxlength="64" />
                <label for="sim-email">Email (optional)</label
                ><input id="sim-email" name="email" type="email" maxlength="254" />
                <p>
                  <label class="check"
                    ><input type="checkbox" name="include_purchases" value="1" checked /> With a purchase history</label
                  >
                </p>
                <button type="submit">Create simulated connection</button>`
        }
      </form>
      <h2>Simulated connections</h2>
      ${
        connections.length === 0
          ? html`<p class="card">None yet.</p>`
          : html`<div class="card">
              ${table(
                ['Customer', 'Retailer', 'Status', 'Created', 'Actions'],
                connections.map((connection) => [
                  html`<a href="/connections/${connection.id}">${connection.customerId}</a>`,
                  connection.retailer,
                  statusBadge(connection.status),
                  when(connection.createdAt),
                  actions(viewer, connection),
                ]),
                undefined,
                'simulated-connections',
              )}
            </div>`
      }`,
  );
}
