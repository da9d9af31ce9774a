import { Body, Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { checked, choices, field, notice, when, type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { buttonForm, csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';

const { CUSTOMER_IDENTIFIERS, INTEGRATION_ADAPTERS, INTEGRATION_KINDS, INTEGRATION_TRIGGERS } = EventsContracts;
type CustomerIdentifier = EventsContracts.CustomerIdentifier;
type Integration = EventsContracts.Integration;
type IntegrationAdapter = EventsContracts.IntegrationAdapter;
type IntegrationFields = EventsContracts.IntegrationFields;
type IntegrationKind = EventsContracts.IntegrationKind;

const ADAPTER_TEXT: Record<IntegrationAdapter, string> = {
  points_api: 'Points API (loyalty: a points-award call, Smile.io / Yotpo style)',
  track_event: 'Track event (marketing: a track-event call, Klaviyo style)',
  webhook: 'Webhook (either: a Standard Webhooks signed POST)',
};

/** A number field: empty is left out, digits are a number, anything else goes as it is (events-service refuses it). */
function numberField(form: Form, name: string): number | undefined {
  const value = field(form, name);
  if (value === '') return undefined;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : (value as unknown as number);
}

/** The settings a team sets (events-service checks kind x adapter and what each adapter needs). */
function settings(form: Form, editing: boolean): IntegrationFields {
  const apiKey = typeof form?.api_key === 'string' ? form.api_key : '';
  const startDate = field(form, 'start_date');
  const pointsPerDollar = numberField(form, 'points_per_dollar');
  const rewardOnLink = numberField(form, 'reward_on_link');
  return {
    name: field(form, 'name'),
    base_url: field(form, 'base_url'),
    // Write-only: left out when empty, so an edit keeps the stored key.
    ...(apiKey ? { api_key: apiKey } : {}),
    triggers: choices(form, 'triggers', INTEGRATION_TRIGGERS),
    is_active: checked(form, 'is_active'),
    receive_simulated_events: checked(form, 'receive_simulated_events'),
    ...(pointsPerDollar === undefined ? {} : { points_per_dollar: pointsPerDollar }),
    ...(rewardOnLink === undefined ? {} : { reward_on_link: rewardOnLink }),
    ...(startDate ? { start_date: startDate } : editing ? { start_date: null } : {}),
    customer_identifier: field(form, 'customer_identifier') as CustomerIdentifier,
  };
}

/** Loyalty and marketing integrations (events-service, as `/integrations` of the REST API) and their award ledger. */
@Controller('integrations')
@UseGuards(SignedIn)
export class IntegrationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.renderList(viewer, { notice: notice(query) }));
  }

  /** The webhook adapter's signing secret is on this answer only. */
  @Post()
  async create(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.createIntegration, {
        teamId: viewer.teamId,
        ...settings(form, false),
        kind: field(form, 'kind') as IntegrationKind,
        adapter: field(form, 'adapter') as IntegrationAdapter,
        base_url: field(form, 'base_url'),
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.renderList(viewer, { error: `Integration not created: ${result.error}` }));
      return;
    }
    const created = result.value;
    const secret = created.secret
      ? html`<div class="secret" role="status">
          <p><strong>Its signing secret.</strong> Copy it now: it is not shown again.</p>
          <p><code id="new-integration-secret">${created.secret}</code></p>
          <button type="button" class="secondary" data-copy="new-integration-secret">Copy</button>
        </div>`
      : null;
    res
      .status(201)
      .type('html')
      .send(
        await this.renderList(viewer, {
          notice: `The integration ${created.name || created.integration_id} was created.`,
          secret,
        }),
      );
  }

  @Get(':id')
  async detail(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Query() query: Form,
    @Res() res: Response,
  ) {
    res.type('html').send(await this.renderDetail(viewer, id, field(query, 'starting_after'), notice(query), null));
  }

  @Post(':id')
  async update(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('id') id: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.updateIntegration, {
        teamId: viewer.teamId,
        integrationId: id,
        ...settings(form, true),
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.renderDetail(viewer, id, '', null, `Integration not saved: ${result.error}`));
      return;
    }
    res.redirect(303, `/integrations/${encodeURIComponent(id)}?notice=integration_saved`);
  }

  @Post(':id/delete')
  async remove(@CurrentViewer() viewer: SignedInViewer, @Param('id') id: string, @Res() res: Response) {
    await this.rpc.request(EventsContracts.deleteIntegration, { teamId: viewer.teamId, integrationId: id });
    res.redirect(303, '/integrations?notice=integration_deleted');
  }

  private async renderList(
    viewer: SignedInViewer,
    options: { notice?: string | null; error?: string | null; secret?: Html | null },
  ): Promise<string> {
    const { integrations } = await this.rpc.request(EventsContracts.listIntegrations, { teamId: viewer.teamId });
    return page(
      viewer,
      { title: 'Integrations', section: '/integrations', notice: options.notice, error: options.error },
      html`${options.secret ?? ''}
        <p>
          Loyalty and marketing platforms the brand rewards shoppers through: a linked account
          (<code>account.linked</code>) and each purchase (<code>purchase.created</code>) become awards, once each.
        </p>
        <div class="card">
          ${
            integrations.length === 0
              ? html`<p>No integrations yet.</p>`
              : table(
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
                )
          }
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
          ${this.fields(null)}
          <div class="actions"><button type="submit">Create integration</button></div>
        </form>`,
    );
  }

  /** The settings fields, empty for a new integration or with an integration's values. */
  private fields(integration: Integration | null): Html {
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
      <fieldset>
        <legend>Triggers</legend>
        ${INTEGRATION_TRIGGERS.map(
          (trigger) =>
            html`<label class="check"
              ><input
                type="checkbox"
                name="triggers"
                value="${trigger}"
                ${triggers.includes(trigger) ? html` checked` : ''}
              />
              ${trigger}</label
            >`,
        )}
      </fieldset>
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
          (option) =>
            html`<option value="${option}" ${option === identifier ? html` selected` : ''}>${option}</option>`,
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

  private async renderDetail(
    viewer: SignedInViewer,
    id: string,
    startingAfter: string,
    noticeText: string | null,
    error: string | null,
  ): Promise<string> {
    const ref = { teamId: viewer.teamId, integrationId: id };
    const [integration, { awards, has_more }] = await Promise.all([
      this.rpc.request(EventsContracts.getIntegration, ref),
      this.rpc.request(EventsContracts.listIntegrationAwards, {
        ...ref,
        limit: 50,
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      }),
    ]);
    const name = integration.name || integration.integration_id;
    const last = awards.at(-1);
    return page(
      viewer,
      { title: `Integration ${name}`, section: '/integrations', notice: noticeText, error },
      html`<p><a href="/integrations">All integrations</a></p>
        <h2>Award ledger</h2>
        <div class="card">
          ${
            awards.length === 0
              ? html`<p>No awards yet.</p>`
              : table(
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
                )
          }
          ${
            has_more && last
              ? html`<p>
                  <a href="/integrations/${integration.integration_id}?starting_after=${last.award_id}">Older awards</a>
                </p>`
              : ''
          }
        </div>
        <h2>Settings</h2>
        <form method="post" action="/integrations/${integration.integration_id}" class="card">
          ${csrfField(viewer)}
          <p>Kind: ${integration.kind}. Adapter: ${ADAPTER_TEXT[integration.adapter]}. These stay as created.</p>
          ${this.fields(integration)}
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
}
