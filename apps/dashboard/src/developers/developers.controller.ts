import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { AuthContracts, EventsContracts, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { statusBadge } from '../web/status-badge.js';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { setFlash, takeFlash, type Flash } from '../web/flash.js';
import { checked, choices, field, notice, when, type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { buttonForm, csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';

function eventTypes(form: Form): WebhookEventType[] {
  return choices(form, 'event_types', WEBHOOK_EVENT_TYPES);
}

const WEBHOOK_ERRORS: Record<string, string> = {
  retry: 'The delivery could not be sent again: it is still pending or the webhook is not active.',
  edit: 'The webhook was not saved: give an https URL and at least one event type.',
};

/** The event type checkboxes of the create and edit forms. */
function eventTypeChoices(selected: readonly string[]): Html {
  return html`<fieldset class="card">
    <legend>Events</legend>
    ${WEBHOOK_EVENT_TYPES.map(
      (type) =>
        html`<label class="check"
          ><input type="checkbox" name="event_types" value="${type}" ${selected.includes(type) ? html`checked` : ''} />
          ${type}</label
        >`,
    )}
  </fieldset>`;
}

/** A stored body shown indented (it is JSON the platform made); as it is when it is not JSON. */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** How long a rolled key keeps working next to its replacement. */
const ROLL_OVERLAP_HOURS = 24;

/** A test event waits for the endpoint (events-service's webhook timeout, 15 s by default) and a little more. */
const TEST_EVENT_TIMEOUT_MS = 20_000;

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

/** Developers: API keys, webhook destinations and their deliveries, a test event, the API reference. */
@Controller('developers')
@UseGuards(SignedIn)
export class DevelopersController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  @Get()
  async overview(
    @CurrentViewer() viewer: SignedInViewer,
    @Query() query: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const secret = secretBox(takeFlash(req, res, this.config));
    res.type('html').send(await this.render(viewer, { notice: notice(query), secret }));
  }

  /** The address of the create forms, opened again by GET (a bookmark, a refresh after the redirect). */
  @Get(['api-keys', 'webhooks'])
  formAddress(@Res() res: Response) {
    res.redirect(303, '/developers');
  }

  /** The new key's secret goes to the next page only (`web/flash.ts`): never stored here, never in a URL. */
  @Post('api-keys')
  async createKey(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.createApiKey, {
        teamId: viewer.teamId,
        name: field(form, 'name'),
        actorUserId: viewer.session.userId,
        ...(['30', '90', '365'].includes(field(form, 'expires_in_days'))
          ? { expiresInDays: Number(field(form, 'expires_in_days')) }
          : {}),
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, { error: `API key not created: ${result.error}` }));
      return;
    }
    setFlash(res, this.config, { kind: 'api_key', text: result.value.api_key, id: result.value.key_id });
    res.redirect(303, '/developers');
  }

  /** A new key of the same name, shown once; the old one keeps working for 24 hours (auth-server's roll). */
  @Post('api-keys/:id/roll')
  async rollKey(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    const rolled = await this.rpc.request(AuthContracts.rollApiKey, {
      teamId: viewer.teamId,
      keyId: id,
      overlapHours: ROLL_OVERLAP_HOURS,
      actorUserId: viewer.session.userId,
    });
    setFlash(res, this.config, { kind: 'api_key', text: rolled.api_key, id: rolled.key_id });
    res.redirect(303, '/developers?notice=key_rolled');
  }

  @Post('api-keys/:id/revoke')
  async revokeKey(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    await this.rpc.request(AuthContracts.revokeApiKey, {
      teamId: viewer.teamId,
      keyId: id,
      actorUserId: viewer.session.userId,
    });
    res.redirect(303, '/developers?notice=revoked');
  }

  /** The signing secret is shown once, like the API's `POST /webhooks`. */
  @Post('webhooks')
  async createWebhook(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const name = field(form, 'name');
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.createWebhook, {
        teamId: viewer.teamId,
        ...(name ? { name } : {}),
        url: field(form, 'url'),
        event_types: eventTypes(form),
        is_active: true,
        receive_simulated_events: checked(form, 'receive_simulated_events'),
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, { error: `Webhook not created: ${result.error}` }));
      return;
    }
    setFlash(res, this.config, { kind: 'webhook', text: result.value.secret, id: result.value.webhook_id });
    res.redirect(303, '/developers');
  }

  /**
   * A signed example event straight to the endpoint (events-service `events.send-test-webhook.v1`): the team's
   * connections, events and deliveries stay as they are. What the endpoint answered is shown once on the next page.
   */
  @Post('webhooks/:id/test')
  async testEvent(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    const sent = await this.rpc.request(
      EventsContracts.sendTestWebhook,
      { teamId: viewer.teamId, webhookId: id },
      TEST_EVENT_TIMEOUT_MS,
    );
    const text =
      sent.status_code === null
        ? `Test event ${sent.event_id} was not delivered: ${sent.error ?? 'no answer'}.`
        : `Test event ${sent.event_id} sent: your endpoint answered ${sent.status_code} in ${sent.duration_ms} ms.`;
    setFlash(res, this.config, { kind: 'test_event', text, id });
    res.redirect(303, `/developers/webhooks/${encodeURIComponent(id)}`);
  }

  @Get('webhooks/:id')
  async webhook(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Query() query: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const flash = takeFlash(req, res, this.config);
    const mine = flash?.id === id ? flash : null;
    const ref = { teamId: viewer.teamId, webhookId: id };
    const [webhook, { deliveries }] = await Promise.all([
      this.rpc.request(EventsContracts.getWebhook, ref),
      this.rpc.request(EventsContracts.listDeliveries, { ...ref, limit: 50 }),
    ]);
    const replayed = field(query, 'count');
    const failed = deliveries.filter((delivery) => delivery.status === 'failed').length;
    res.type('html').send(
      page(
        viewer,
        {
          title: `Webhook ${webhook.name || webhook.url}`,
          section: '/developers',
          notice:
            mine?.kind === 'test_event'
              ? mine.text
              : field(query, 'notice') === 'replayed' && /^\d+$/.test(replayed)
                ? `${replayed} failed deliveries are being sent again.`
                : notice(query),
          error: WEBHOOK_ERRORS[field(query, 'error')] ?? null,
        },
        html`<p><a href="/developers">Back to Developers</a></p>
          ${
            mine?.kind === 'webhook_secret'
              ? html`<div class="secret" role="status">
                  <p><strong>New signing secret</strong>, shown once. ${mine.text.split(' ')[1] ?? ''}</p>
                  <p><code id="rotated-webhook-secret">${mine.text.split(' ')[0]}</code></p>
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
            <label for="edit-url">URL</label
            ><input id="edit-url" name="url" type="url" required value="${webhook.url}" />
            ${eventTypeChoices(webhook.event_types)}
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
      ),
    );
  }

  /** One delivery: the payload as sent, its headers (signature redacted), each attempt and what the receiver said. */
  @Get('webhooks/:id/deliveries/:deliveryId')
  async delivery(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @Res() res: Response,
  ) {
    const delivery = await this.rpc.request(EventsContracts.getDelivery, {
      teamId: viewer.teamId,
      webhookId: id,
      deliveryId,
    });
    res.type('html').send(
      page(
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
      ),
    );
  }

  @Post('webhooks/:id')
  async editWebhook(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.updateWebhook, {
        teamId: viewer.teamId,
        webhookId: id,
        name: field(form, 'name'),
        url: field(form, 'url'),
        event_types: eventTypes(form),
        is_active: checked(form, 'is_active'),
        receive_simulated_events: checked(form, 'receive_simulated_events'),
      }),
    );
    res.redirect(
      303,
      `/developers/webhooks/${encodeURIComponent(id)}?${result.ok ? 'notice=webhook_saved' : 'error=edit'}`,
    );
  }

  @Post('webhooks/:id/rotate-secret')
  async rotateSecret(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    const hours = Number(field(form, 'overlap_hours'));
    const rotated = await this.rpc.request(EventsContracts.rotateWebhookSecret, {
      teamId: viewer.teamId,
      webhookId: id,
      overlap_hours: [0, 24, 72, 168].includes(hours) ? hours : 24,
    });
    const overlap = rotated.previous_secret_until
      ? `The old one also signs until ${when(rotated.previous_secret_until)}.`
      : 'The old one no longer signs.';
    setFlash(res, this.config, { kind: 'webhook_secret', text: `${rotated.secret} ${overlap}`, id });
    res.redirect(303, `/developers/webhooks/${encodeURIComponent(id)}`);
  }

  @Post('webhooks/:id/retry-failed')
  async retryFailed(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.retryFailedDeliveries, { teamId: viewer.teamId, webhookId: id }),
    );
    res.redirect(
      303,
      `/developers/webhooks/${encodeURIComponent(id)}?${
        result.ok ? `notice=replayed&count=${result.value.requeued}` : 'error=retry'
      }`,
    );
  }

  @Post('webhooks/:id/deliveries/:deliveryId/retry')
  async retry(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @Res() res: Response,
  ) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.retryDelivery, { teamId: viewer.teamId, webhookId: id, deliveryId }),
    );
    res.redirect(303, `/developers/webhooks/${encodeURIComponent(id)}?${result.ok ? 'notice=retried' : 'error=retry'}`);
  }

  @Post('webhooks/:id/delete')
  async deleteWebhook(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    await this.rpc.request(EventsContracts.deleteWebhook, { teamId: viewer.teamId, webhookId: id });
    res.redirect(303, '/developers?notice=webhook_deleted');
  }

  private async render(
    viewer: SignedInViewer,
    messages: { notice?: string | null; error?: string | null; secret?: Html },
  ): Promise<string> {
    const [{ api_keys }, { webhooks }] = await Promise.all([
      this.rpc.request(AuthContracts.listApiKeys, { teamId: viewer.teamId }),
      this.rpc.request(EventsContracts.listWebhooks, { teamId: viewer.teamId }),
    ]);
    return page(
      viewer,
      { title: 'Developers', section: '/developers', notice: messages.notice, error: messages.error },
      html`${messages.secret ?? ''}
        <p>
          The REST API reference:
          <a href="${this.config.PUBLIC_BASE_URL}/docs">${this.config.PUBLIC_BASE_URL}/docs</a> (OpenAPI document:
          <a href="${this.config.PUBLIC_BASE_URL}/openapi.json">openapi.json</a>).
        </p>
        <h2>API keys</h2>
        <div class="card">
          ${
            api_keys.length === 0
              ? html`<p>No API keys yet.</p>`
              : table(
                  [
                    'Name',
                    'Key starts with',
                    'Created',
                    'Last used',
                    'Expires',
                    'Status',
                    html`<span class="muted">Actions</span>`,
                  ],
                  api_keys.map((key) => {
                    const expired = key.expires_at !== null && Date.parse(key.expires_at) <= Date.now();
                    return [
                      key.name,
                      html`<span class="mono">${key.prefix}…</span>`,
                      when(key.created_at),
                      when(key.last_used_at) || 'never',
                      when(key.expires_at) || 'never',
                      key.revoked_at
                        ? html`<span class="status status-revoked">revoked ${when(key.revoked_at)}</span>`
                        : expired
                          ? html`<span class="status status-revoked">expired</span>`
                          : html`<span class="status status-active">active</span>`,
                      key.revoked_at || expired
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
                )
          }
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
          ${
            webhooks.length === 0
              ? html`<p>No webhook destinations yet.</p>`
              : table(
                  ['Name', 'URL', 'Events', 'Active'],
                  webhooks.map((webhook) => [
                    html`<a href="/developers/webhooks/${webhook.webhook_id}">${webhook.name || 'Unnamed'}</a>`,
                    html`<span class="mono">${webhook.url}</span>`,
                    webhook.event_types.join(', '),
                    webhook.is_active ? 'yes' : 'no',
                  ]),
                  undefined,
                  'webhooks',
                )
          }
          <form method="post" action="/developers/webhooks">
            ${csrfField(viewer)} <label for="webhook-name">Name</label
            ><input id="webhook-name" name="name" type="text" maxlength="200" /> <label for="webhook-url">URL</label
            ><input id="webhook-url" name="url" type="url" required placeholder="https://example.com/webhooks" />
            ${eventTypeChoices(WEBHOOK_EVENT_TYPES)}
            <label class="check"
              ><input type="checkbox" name="receive_simulated_events" value="1" /> Receive simulated events (from the
              Simulator)</label
            >
            <div class="actions"><button type="submit">Create webhook</button></div>
          </form>
        </div>`,
    );
  }
}
