import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { AuthContracts, EventsContracts, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { statusBadge } from '../connections/connections.controller.js';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { setFlash, takeFlash, type Flash } from '../web/flash.js';
import { checked, choices, field, notice, when, type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';

function eventTypes(form: Form): WebhookEventType[] {
  return choices(form, 'event_types', WEBHOOK_EVENT_TYPES);
}

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
    const tested = flash?.kind === 'test_event' && flash.id === id ? flash.text : null;
    const ref = { teamId: viewer.teamId, webhookId: id };
    const [webhook, { deliveries }] = await Promise.all([
      this.rpc.request(EventsContracts.getWebhook, ref),
      this.rpc.request(EventsContracts.listDeliveries, { ...ref, limit: 50 }),
    ]);
    res.type('html').send(
      page(
        viewer,
        {
          title: `Webhook ${webhook.name || webhook.url}`,
          section: '/developers',
          notice: tested ?? notice(query),
          error:
            field(query, 'error') === 'retry'
              ? 'The delivery could not be retried: it is still pending or the webhook is not active.'
              : null,
        },
        html`<p><a href="/developers">Back to Developers</a></p>
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
          <h2>Delivery log</h2>
          ${
            deliveries.length === 0
              ? html`<p class="card">No deliveries yet.</p>`
              : html`<div class="card">
                  ${table(
                    ['Created', 'Event', 'Status', 'Attempts', 'Last answer', html`<span class="muted">Retry</span>`],
                    deliveries.map((delivery) => [
                      when(delivery.created_at),
                      html`${delivery.event_type}${delivery.is_simulated ? html` <span class="muted">(simulated)</span>` : ''}`,
                      statusBadge(delivery.status),
                      delivery.attempts,
                      `${delivery.last_status_code ?? ''} ${delivery.last_error ?? ''}`,
                      delivery.status === 'pending'
                        ? ''
                        : html`<form
                            method="post"
                            action="/developers/webhooks/${webhook.webhook_id}/deliveries/${delivery.delivery_id}/retry"
                          >
                            ${csrfField(viewer)}<button type="submit" class="secondary">Retry</button>
                          </form>`,
                    ]),
                  )}
                </div>`
          }`,
      ),
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
                  ['Name', 'Key starts with', 'Created', 'Status', html`<span class="muted">Revoke</span>`],
                  api_keys.map((key) => [
                    key.name,
                    html`<span class="mono">${key.prefix}…</span>`,
                    when(key.created_at),
                    key.revoked_at
                      ? html`<span class="status status-revoked">revoked ${when(key.revoked_at)}</span>`
                      : html`<span class="status status-active">active</span>`,
                    key.revoked_at
                      ? ''
                      : html`<form
                          method="post"
                          action="/developers/api-keys/${key.key_id}/revoke"
                          data-confirm="Revoke this API key? Programs using it stop working."
                        >
                          ${csrfField(viewer)}<button type="submit" class="danger" aria-label="Revoke ${key.name}">
                            Revoke
                          </button>
                        </form>`,
                  ]),
                )
          }
          <form method="post" action="/developers/api-keys" class="filters">
            ${csrfField(viewer)}
            <div>
              <label for="key-name">New key name</label
              ><input id="key-name" name="name" type="text" required maxlength="200" />
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
                )
          }
          <form method="post" action="/developers/webhooks">
            ${csrfField(viewer)} <label for="webhook-name">Name</label
            ><input id="webhook-name" name="name" type="text" maxlength="200" /> <label for="webhook-url">URL</label
            ><input id="webhook-url" name="url" type="url" required placeholder="https://example.com/webhooks" />
            <fieldset class="card">
              <legend>Events</legend>
              ${WEBHOOK_EVENT_TYPES.map(
                (type) =>
                  html`<label class="check"
                    ><input type="checkbox" name="event_types" value="${type}" checked /> ${type}</label
                  >`,
              )}
            </fieldset>
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
