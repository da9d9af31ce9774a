import { WEBHOOK_EVENT_TYPES, type EventsContracts } from '@cps/contracts';
import { type Flash } from '../web/flash.js';
import { when } from '../web/forms.js';
import { html, table, tableOr, type Html } from '../web/html.js';
import { buttonForm, checkboxes, csrfField, page, type PageMessages, type Viewer } from '../web/layout.js';
import { statusBadge } from '../web/status-badge.js';
import { type DevelopersView } from './show-developers.use-case.js';
import { type WebhookView } from './show-webhook.use-case.js';

/** A stored body shown indented (it is JSON the platform made); as it is when it is not JSON. */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The once-shown secret after creating a key or a destination (post-redirect-get, `web/flash.ts`). */
function secretBox(flash: Flash | null): Html {
  if (flash?.kind === 'api_key') {
    return html`<div class="secret" role="status">
      <p><strong>Your new API key.</strong> Copy it now: it is not shown again.</p>
      <p><code id="new-api-key">${flash.text}</code></p>
      <button type="button" class="secondary" data-copy="new-api-key">Copy</button>
    </div>`;
  }
  if (flash?.kind === 'webhook') {
    return html`<div class="secret" role="status">
      <p><strong>Webhook created.</strong> Its signing secret, shown once:</p>
      <p><code id="new-webhook-secret">${flash.text}</code></p>
      <button type="button" class="secondary" data-copy="new-webhook-secret">Copy</button>
      <p><a href="/developers/webhooks/${flash.id}">Open its delivery log</a></p>
    </div>`;
  }
  return html``;
}

export function developersPage(
  viewer: Viewer,
  { apiBaseUrl, apiKeys, webhooks }: DevelopersView,
  messages: PageMessages,
  flash: Flash | null = null,
): string {
  return page(
    viewer,
    { title: 'Developers', section: '/developers', ...messages },
    html`${secretBox(flash)}
      <p>
        The REST API reference:
        <a href="${apiBaseUrl}/docs">${apiBaseUrl}/docs</a> (OpenAPI document:
        <a href="${apiBaseUrl}/openapi.json">openapi.json</a>).
      </p>
      <h2>API keys</h2>
      <div class="card">
        ${tableOr(
          html`<p>No API keys yet.</p>`,
          [
            'Name',
            'Key starts with',
            'Created',
            'Last used',
            'Expires',
            'Status',
            html`<span class="muted">Actions</span>`,
          ],
          apiKeys.map((key) => {
            return [
              key.name,
              html`<span class="mono">${key.prefix}…</span>`,
              when(key.created_at),
              when(key.last_used_at) || 'never',
              when(key.expires_at) || 'never',
              key.state === 'revoked'
                ? html`<span class="status status-revoked">revoked ${when(key.revoked_at)}</span>`
                : key.state === 'expired'
                  ? html`<span class="status status-revoked">expired</span>`
                  : html`<span class="status status-active">active</span>`,
              key.state !== 'active'
                ? ''
                : html`<div class="actions">
                    ${buttonForm(viewer, `/developers/api-keys/${key.key_id}/roll`, {
                      label: 'Roll',
                      ariaLabel: `Roll ${key.name}`,
                      kind: 'secondary',
                      confirm: 'Make a new key? This one keeps working for 24 hours, then expires.',
                    })}
                    ${buttonForm(viewer, `/developers/api-keys/${key.key_id}/revoke`, {
                      label: 'Revoke',
                      ariaLabel: `Revoke ${key.name}`,
                      kind: 'danger',
                      confirm: 'Revoke this API key? Programs using it stop working.',
                    })}
                  </div>`,
            ];
          }),
          undefined,
          'api-keys',
        )}
        <form method="post" action="/developers/api-keys" class="filters">
          ${csrfField(viewer)}
          <div>
            <label for="key-name">New key name</label
            ><input id="key-name" name="name" type="text" required maxlength="200" />
          </div>
          <div>
            <label for="key-expiry">Expires</label
            ><select id="key-expiry" name="expires_in_days">
              <option value="">Never</option>
              <option value="30">In 30 days</option>
              <option value="90">In 90 days</option>
              <option value="365">In a year</option>
            </select>
          </div>
          <div><button type="submit">Create API key</button></div>
        </form>
      </div>
      <h2>Webhook destinations</h2>
      <div class="card">
        ${tableOr(
          html`<p>No webhook destinations yet.</p>`,
          ['Name', 'URL', 'Events', 'Active'],
          webhooks.map((webhook) => [
            html`<a href="/developers/webhooks/${webhook.webhook_id}">${webhook.name || 'Unnamed'}</a>`,
            html`<span class="mono">${webhook.url}</span>`,
            webhook.event_types.join(', '),
            webhook.is_active ? 'yes' : 'no',
          ]),
          undefined,
          'webhooks',
        )}
        <form method="post" action="/developers/webhooks">
          ${csrfField(viewer)} <label for="webhook-name">Name</label
          ><input id="webhook-name" name="name" type="text" maxlength="200" /> <label for="webhook-url">URL</label
          ><input id="webhook-url" name="url" type="url" required placeholder="https://example.com/webhooks" />
          ${checkboxes('Events', 'event_types', WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES, 'card')}
          <label class="check"
            ><input type="checkbox" name="receive_simulated_events" value="1" /> Receive simulated events (from the
            Simulator)</label
          >
          <div class="actions"><button type="submit">Create webhook</button></div>
        </form>
      </div>`,
  );
}

/** A webhook's page; `rotated` is the new signing secret and its overlap, shown once after a rotation. */
export function webhookPage(
  viewer: Viewer,
  { webhook, deliveries, failed }: WebhookView,
  messages: PageMessages,
  rotated: string | null,
): string {
  return page(
    viewer,
    { title: `Webhook ${webhook.name || webhook.url}`, section: '/developers', ...messages },
    html`<p><a href="/developers">Back to Developers</a></p>
      ${
        rotated
          ? html`<div class="secret" role="status">
              <p><strong>New signing secret</strong>, shown once. ${rotated.split(' ')[1] ?? ''}</p>
              <p><code id="rotated-webhook-secret">${rotated.split(' ')[0]}</code></p>
              <button type="button" class="secondary" data-copy="rotated-webhook-secret">Copy</button>
            </div>`
          : ''
      }
      <div class="card">
        <dl class="facts">
          <dt>URL</dt>
          <dd class="mono">${webhook.url}</dd>
          <dt>Events</dt>
          <dd>${webhook.event_types.join(', ')}</dd>
          <dt>Active</dt>
          <dd>${webhook.is_active ? 'yes' : 'no'}</dd>
          <dt>Simulated events</dt>
          <dd>${webhook.receive_simulated_events ? 'received' : 'not received'}</dd>
        </dl>
        <div class="actions">
          <form method="post" action="/developers/webhooks/${webhook.webhook_id}/test">
            ${csrfField(viewer)}<button type="submit" class="secondary">Send test event</button>
          </form>
          <form
            method="post"
            action="/developers/webhooks/${webhook.webhook_id}/delete"
            data-confirm="Delete this webhook destination and its delivery log?"
          >
            ${csrfField(viewer)}<button type="submit" class="danger">Delete</button>
          </form>
        </div>
      </div>
      <h2>Settings</h2>
      <form method="post" action="/developers/webhooks/${webhook.webhook_id}" class="card">
        ${csrfField(viewer)}
        <label for="edit-name">Name</label
        ><input id="edit-name" name="name" type="text" maxlength="200" value="${webhook.name}" />
        <label for="edit-url">URL</label><input id="edit-url" name="url" type="url" required value="${webhook.url}" />
        ${checkboxes('Events', 'event_types', WEBHOOK_EVENT_TYPES, webhook.event_types, 'card')}
        <label class="check"
          ><input type="checkbox" name="is_active" value="1" ${webhook.is_active ? html`checked` : ''} /> Active
          (unticked: nothing is sent until it is ticked again)</label
        >
        <label class="check"
          ><input
            type="checkbox"
            name="receive_simulated_events"
            value="1"
            ${webhook.receive_simulated_events ? html`checked` : ''}
          />
          Receive simulated events</label
        >
        <div class="actions"><button type="submit">Save webhook</button></div>
      </form>
      <h2>Signing secret</h2>
      <form method="post" action="/developers/webhooks/${webhook.webhook_id}/rotate-secret" class="card">
        ${csrfField(viewer)}
        <p>A new secret for this destination. During the overlap every request carries both signatures.</p>
        <label for="overlap">Overlap</label
        ><select id="overlap" name="overlap_hours">
          <option value="24" selected>24 hours</option>
          <option value="72">3 days</option>
          <option value="168">7 days</option>
          <option value="0">None: the old secret stops now</option>
        </select>
        <div class="actions"><button type="submit" class="secondary">Rotate signing secret</button></div>
      </form>
      <h2>Delivery log</h2>
      ${
        deliveries.length === 0
          ? html`<p class="card">No deliveries yet.</p>`
          : html`<div class="card">
              ${
                failed > 0
                  ? buttonForm(viewer, `/developers/webhooks/${webhook.webhook_id}/retry-failed`, {
                      label: `Replay all failed (${failed})`,
                      kind: 'secondary',
                    })
                  : ''
              }
              ${table(
                ['Created', 'Event', 'Status', 'Attempts', 'Last answer', html`<span class="muted">Actions</span>`],
                deliveries.map((delivery) => [
                  when(delivery.created_at),
                  html`<a href="/developers/webhooks/${webhook.webhook_id}/deliveries/${delivery.delivery_id}"
                      >${delivery.event_type}</a
                    >${delivery.is_simulated ? html` <span class="muted">(simulated)</span>` : ''}`,
                  statusBadge(delivery.status),
                  delivery.attempts,
                  `${delivery.last_status_code ?? ''} ${delivery.last_error ?? ''}`,
                  delivery.status === 'pending'
                    ? ''
                    : buttonForm(
                        viewer,
                        `/developers/webhooks/${webhook.webhook_id}/deliveries/${delivery.delivery_id}/retry`,
                        { label: 'Retry', kind: 'secondary' },
                      ),
                ]),
                undefined,
                'deliveries',
              )}
            </div>`
      }`,
  );
}

/** One delivery: the payload as sent, its headers (signature redacted), each attempt and what the receiver said. */
export function deliveryPage(viewer: Viewer, id: string, delivery: EventsContracts.DeliveryDetail): string {
  const deliveryId = delivery.delivery_id;
  return page(
    viewer,
    { title: `Delivery of ${delivery.event_type}`, section: '/developers' },
    html`<p><a href="/developers/webhooks/${id}">Back to the webhook</a></p>
      <div class="card">
        <dl class="facts">
          <dt>Event id</dt>
          <dd class="mono">${delivery.event_id}</dd>
          <dt>Status</dt>
          <dd>${statusBadge(delivery.status)}</dd>
          <dt>Attempts</dt>
          <dd>${delivery.attempts}</dd>
          <dt>Next attempt</dt>
          <dd>${when(delivery.next_attempt_at) || 'none'}</dd>
        </dl>
        ${
          delivery.status === 'pending'
            ? ''
            : html`<div class="actions">
                ${buttonForm(viewer, `/developers/webhooks/${id}/deliveries/${deliveryId}/retry`, {
                  label: 'Send again',
                  kind: 'secondary',
                })}
              </div>`
        }
      </div>
      <h2>Request headers</h2>
      <div class="card">
        ${table(
          ['Header', 'Value'],
          Object.entries(delivery.request_headers).map(([name, value]) => [
            html`<span class="mono">${name}</span>`,
            html`<span class="mono">${value}</span>`,
          ]),
          undefined,
          'request-headers',
        )}
      </div>
      <h2>Payload</h2>
      <pre class="card mono" id="payload">${prettyJson(delivery.payload)}</pre>
      <h2>Attempts</h2>
      ${
        delivery.attempts_log.length === 0
          ? html`<p class="card">Not attempted yet.</p>`
          : html`<div class="card">
              ${table(
                ['When', 'Answer', 'Took', 'Response body (first 2 KB)'],
                delivery.attempts_log.map((sent) => [
                  when(sent.attempted_at),
                  sent.status_code ?? sent.error ?? '',
                  `${sent.duration_ms} ms`,
                  sent.response_body ? html`<pre class="mono">${sent.response_body}</pre>` : '',
                ]),
                'Oldest first',
                'attempts',
              )}
            </div>`
      }`,
  );
}
