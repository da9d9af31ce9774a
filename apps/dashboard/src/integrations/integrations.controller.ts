import { Post, Res } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { type Response } from 'express';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { DashboardPage, FormQuery, IdPath, PathOf, ShowPage, Posted } from '../web/form-input.js';
import { attempt, sendPage } from '../web/refusals.js';
import { TeamPage } from '../web/team-page.js';
import { AwardsQuery, CreateIntegrationForm, IntegrationSettingsForm } from './dto/integration.form.dto.js';
import { integrationSettings } from './integration-settings.js';
import { integrationPage, integrationsPage } from './integrations.view.js';
import { ListIntegrations } from './list-integrations.use-case.js';
import { ShowIntegration } from './show-integration.use-case.js';

/** Loyalty and marketing integrations (events-service, as `/integrations` of the REST API) and their award ledger. */
@DashboardPage('integrations')
export class IntegrationsController extends TeamPage(ListIntegrations, integrationsPage) {
  constructor(private readonly integration: ShowIntegration) {
    super();
  }

  /** The webhook adapter's signing secret is on this answer only. */
  @Post()
  async create(
    @Posted({ form: CreateIntegrationForm }) { viewer, form }: Posted<CreateIntegrationForm>,
    @Res() res: Response,
  ) {
    const created = await this.refusing(viewer, res, 'Integration not created', () =>
      this.rpc.request(EventsContracts.createIntegration, {
        teamId: viewer.teamId,
        ...integrationSettings(form, false),
        kind: form.kind as EventsContracts.IntegrationKind,
        adapter: form.adapter as EventsContracts.IntegrationAdapter,
        base_url: form.base_url,
      }),
    );
    if (!created) return;
    const { name, integration_id, secret } = created.value;
    const notice = `The integration ${name || integration_id} was created.`;
    const integrations = await this.view.execute(viewer.teamId);
    sendPage(res, 201, integrationsPage(viewer, integrations, { notice }, secret));
  }

  @ShowPage(':id')
  async detail(
    @CurrentViewer() viewer: SignedInViewer,
    @PathOf(IdPath) { id }: IdPath,
    @FormQuery(AwardsQuery) query: AwardsQuery,
  ) {
    const view = await this.integration.execute(viewer.teamId, id, query.starting_after);
    return integrationPage(viewer, view, { notice: query.text });
  }

  @Post(':id')
  async update(
    @Posted({ form: IntegrationSettingsForm }) { viewer, id, form }: Posted<IntegrationSettingsForm>,
    @Res() res: Response,
  ) {
    const result = await attempt(() =>
      this.rpc.request(EventsContracts.updateIntegration, {
        teamId: viewer.teamId,
        integrationId: id,
        ...integrationSettings(form, true),
      }),
    );
    if (!result.ok) {
      const view = await this.integration.execute(viewer.teamId, id, '');
      sendPage(res, 422, integrationPage(viewer, view, { error: `Integration not saved: ${result.error}` }));
      return;
    }
    res.redirect(303, `/integrations/${encodeURIComponent(id)}?notice=integration_saved`);
  }

  @Post(':id/delete')
  async remove(@Posted() { viewer, id }: Posted, @Res() res: Response) {
    await this.rpc.request(EventsContracts.deleteIntegration, { teamId: viewer.teamId, integrationId: id });
    res.redirect(303, '/integrations?notice=integration_deleted');
  }
}
