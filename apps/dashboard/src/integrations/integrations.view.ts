import { EventsContracts } from '@cps/contracts';
import { when } from '../web/forms.js';
import { html, tableOr, type Html } from '../web/html.js';
import { buttonForm, checkboxes, csrfField, page, type PageMessages, type Viewer } from '../web/layout.js';
import { type IntegrationView } from './show-integration.use-case.js';

const { CUSTOMER_IDENTIFIERS, INTEGRATION_ADAPTERS, INTEGRATION_KINDS, INTEGRATION_TRIGGERS } = EventsContracts;

const ADAPTER_TEXT: Record<EventsContracts.IntegrationAdapter, string> = {
  points_api: 'Points API (loyalty: a points-award call, Smile.io / Yotpo style)',
  track_event: 'Track event (marketing: a track-event call, Klaviyo style)',
  webhook: 'Webhook (either: a Standard Webhooks signed POST)',
};

/** The webhook adapter's signing secret, shown once after the creation. */
function secretBox(secret: string): Html {
  return html`<div class="secret" role="status">
    <p><strong>Its signing secret.</strong> Copy it now: it is not shown again.</p>
    <p><code id="new-integration-secret">${secret}</code></p>
    <button type="button" class="secondary" data-copy="new-integration-secret">Copy</button>
  </div>`;
}

/** The settings fields, empty for a new integration or with an integration's values. */
function settingsFields(integration: EventsContracts.Integration | null): Html {
  const triggers = integration?.triggers ?? INTEGRATION_TRIGGERS;
  const identifier = integration?.customer_identifier ?? 'email';
  return html`<label for="integration-name">Name</label
    ><input id="integration-name" name="name" type="text" maxlength="200" value="${integration?.name ?? ''}" />
    <label for="integration-url">Base URL (the platform's API, or the webhook's address)</label
    ><input
      id="integration-url"
      name="base_url"
      type="url"
      required
      maxlength="2048"
      value="${integration?.base_url ?? ''}"
    />
    <label for="integration-api-key"
      >Platform API key (points API, track event${integration ? '; empty keeps the stored key' : ''})</label
    ><input id="integration-api-key" name="api_key" type="password" maxlength="512" autocomplete="off" />
    ${checkboxes('Triggers', 'triggers', INTEGRATION_TRIGGERS, triggers)}
    <label for="integration-points">Points per dollar (loyalty)</label
    ><input
      id="integration-points"
      name="points_per_dollar"
      type="number"
      min="0"
      step="0.0001"
      value="${integration?.points_per_dollar ?? ''}"
    />
    <label for="integration-reward">Points for a linked account (loyalty)</label
    ><input
      id="integration-reward"
      name="reward_on_link"
      type="number"
      min="0"
      step="1"
      value="${integration?.reward_on_link ?? ''}"
    />
    <label for="integration-start">Reward purchases from (optional)</label
    ><input id="integration-start" name="start_date" type="date" value="${integration?.start_date ?? ''}" />
    <label for="integration-identifier">Customer identifier sent to the platform</label>
    <select id="integration-identifier" name="customer_identifier">
      ${CUSTOMER_IDENTIFIERS.map(
        (option) => html`<option value="${option}" ${option === identifier ? html` selected` : ''}>${option}</option>`,
      )}
    </select>
    <label class="check"
      ><input type="checkbox" name="is_active" ${integration?.is_active === false ? '' : html` checked`} />
      Active</label
    >
    <label class="check"
      ><input
        type="checkbox"
        name="receive_simulated_events"
        ${integration?.receive_simulated_events ? html` checked` : ''}
      />
      Award simulated connections and purchases too</label
    >`;
}

export function integrationsPage(
  viewer: Viewer,
  integrations: EventsContracts.Integration[],
  messages: PageMessages,
  secret: string | null = null,
): string {
  return page(
    viewer,
    { title: 'Integrations', section: '/integrations', ...messages },
    html`${secret ? secretBox(secret) : ''}
      <p>
        Loyalty and marketing platforms the brand rewards shoppers through: a linked account
        (<code>account.linked</code>) and each purchase (<code>purchase.created</code>) become awards, once each.
      </p>
      <div class="card">
        ${tableOr(
          html`<p>No integrations yet.</p>`,
          ['Name', 'Kind', 'Adapter', 'Triggers', 'Active', 'Created'],
          integrations.map((integration) => [
            html`<a href="/integrations/${integration.integration_id}"
              >${integration.name || integration.integration_id}</a
            >`,
            integration.kind,
            integration.adapter,
            integration.triggers.join(', '),
            integration.is_active ? 'yes' : 'no',
            when(integration.created_at),
          ]),
          undefined,
          'integrations',
        )}
      </div>
      <h2>New integration</h2>
      <form method="post" action="/integrations" class="card">
        ${csrfField(viewer)}
        <label for="integration-kind">Kind</label>
        <select id="integration-kind" name="kind">
          ${INTEGRATION_KINDS.map((kind) => html`<option value="${kind}">${kind}</option>`)}
        </select>
        <label for="integration-adapter">Adapter</label>
        <select id="integration-adapter" name="adapter">
          ${INTEGRATION_ADAPTERS.map((adapter) => html`<option value="${adapter}">${ADAPTER_TEXT[adapter]}</option>`)}
        </select>
        ${settingsFields(null)}
        <div class="actions"><button type="submit">Create integration</button></div>
      </form>`,
  );
}

export function integrationPage(
  viewer: Viewer,
  { integration, awards, next }: IntegrationView,
  messages: PageMessages,
) {
  const name = integration.name || integration.integration_id;
  return page(
    viewer,
    { title: `Integration ${name}`, section: '/integrations', ...messages },
    html`<p><a href="/integrations">All integrations</a></p>
      <h2>Award ledger</h2>
      <div class="card">
        ${tableOr(
          html`<p>No awards yet.</p>`,
          ['When', 'Trigger', 'Connection', 'Points', 'Subtotal', 'Status', 'Attempts', 'Last error'],
          awards.map((award) => [
            when(award.created_at),
            award.trigger + (award.is_simulated ? ' (simulated)' : ''),
            html`<a class="mono" href="/connections/${award.connection_id}">${award.connection_id}</a>`,
            award.points,
            award.items_subtotal,
            award.status,
            award.attempts,
            award.last_error ?? (award.last_status_code ? `HTTP ${award.last_status_code}` : ''),
          ]),
          'Newest first: one award per linked account or purchase',
          'awards',
        )}
        ${
          next
            ? html`<p>
                <a href="/integrations/${integration.integration_id}?starting_after=${next}">Older awards</a>
              </p>`
            : ''
        }
      </div>
      <h2>Settings</h2>
      <form method="post" action="/integrations/${integration.integration_id}" class="card">
        ${csrfField(viewer)}
        <p>Kind: ${integration.kind}. Adapter: ${ADAPTER_TEXT[integration.adapter]}. These stay as created.</p>
        ${settingsFields(integration)}
        <div class="actions"><button type="submit">Save integration</button></div>
      </form>
      <h2>Delete</h2>
      <div class="card">
        <p>Deletes the integration with its ledger; nothing more is sent.</p>
        ${buttonForm(viewer, `/integrations/${integration.integration_id}/delete`, {
          label: `Delete ${name}`,
          kind: 'danger',
          confirm: `Delete the integration ${name} and its ledger?`,
        })}
      </div>`,
  );
}
