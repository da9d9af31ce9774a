import { Post, Res } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { type Response } from 'express';
import { CurrentViewer, type SignedInViewer } from '../session/viewer.js';
import { DashboardPage, entries, PathOf, ShowPage, Posted } from '../web/form-input.js';
import { changeThenRedirect, sendPage } from '../web/refusals.js';
import { TeamPage } from '../web/team-page.js';
import { ClientIdPath, CreatePartnerAppForm, RedirectUrisForm } from './dto/partner-app.form.dto.js';
import { GetOwnPartnerApp } from './get-own-partner-app.use-case.js';
import { ListPartnerApps } from './list-partner-apps.use-case.js';
import { partnerAppEditPage, partnerAppsPage, type ShownSecrets } from './partner-apps.view.js';
import { RotatePartnerAppSecret } from './rotate-partner-app-secret.use-case.js';

/**
 * Partner apps: the team's own apps (create, edit the redirect URIs, rotate the client secret) and the apps installed on the team
 * (scopes, disconnect: the installation is deactivated and its refresh tokens refused from then on).
 */
@DashboardPage('apps')
export class PartnerAppsController extends TeamPage(ListPartnerApps, partnerAppsPage) {
  constructor(
    private readonly ownApp: GetOwnPartnerApp,
    private readonly rotateSecret: RotatePartnerAppSecret,
  ) {
    super();
  }

  @Post()
  async create(
    @Posted({ form: CreatePartnerAppForm }) { viewer, form }: Posted<CreatePartnerAppForm>,
    @Res() res: Response,
  ) {
    const created = await this.refusing(viewer, res, 'Partner app not created', () =>
      this.rpc.request(AuthContracts.createPartnerApp, {
        teamId: viewer.teamId,
        name: form.name,
        redirectUris: entries(form.redirect_uris),
        ...(form.webhook_url ? { webhookUrl: form.webhook_url } : {}),
      }),
    );
    if (!created) return;
    const { client_id, client_secret, webhook_secret } = created.value;
    const secrets: ShownSecrets = {
      kind: 'created',
      clientId: client_id,
      clientSecret: client_secret,
      webhookSecret: webhook_secret,
    };
    const apps = await this.view.execute(viewer.teamId);
    sendPage(res, 201, partnerAppsPage(viewer, apps, {}, secrets));
  }

  /** Only an app of the viewer's team (the list is the team's); the old secret stops working at once. */
  @Post(':clientId/rotate-secret')
  async rotate(
    @Posted({ path: ClientIdPath }) { viewer, clientId }: Posted<object, ClientIdPath>,
    @Res() res: Response,
  ) {
    const { clientSecret } = await this.rotateSecret.execute(viewer.teamId, clientId);
    const apps = await this.view.execute(viewer.teamId);
    sendPage(res, 200, partnerAppsPage(viewer, apps, {}, { kind: 'rotated', clientSecret }));
  }

  /** The edit page of one of the team's own apps (another team's app is 404, as an unknown one). */
  @ShowPage(':clientId')
  async edit(@CurrentViewer() viewer: SignedInViewer, @PathOf(ClientIdPath) { clientId }: ClientIdPath) {
    const app = await this.ownApp.execute(viewer.teamId, clientId);
    return partnerAppEditPage(viewer, app, app.redirect_uris.join('\n'), null);
  }

  /** Replaces the redirect URIs by auth-server's rules (`auth.update-partner-app.v1`, scoped to the team). */
  @Post(':clientId/redirect-uris')
  async saveRedirectUris(
    @Posted({ form: RedirectUrisForm, path: ClientIdPath })
    { viewer, clientId, form }: Posted<RedirectUrisForm, ClientIdPath>,
    @Res() res: Response,
  ) {
    await changeThenRedirect(
      res,
      () =>
        this.rpc.request(AuthContracts.updatePartnerApp, {
          teamId: viewer.teamId,
          clientId,
          redirectUris: entries(form.redirect_uris),
        }),
      '/apps?notice=redirect_uris_saved',
      async (error) =>
        partnerAppEditPage(
          viewer,
          await this.ownApp.execute(viewer.teamId, clientId),
          form.redirect_uris,
          `Redirect URIs not saved: ${error}`,
        ),
    );
  }

  @Post('installations/:clientId/disconnect')
  async disconnect(
    @Posted({ path: ClientIdPath }) { viewer, clientId }: Posted<object, ClientIdPath>,
    @Res() res: Response,
  ) {
    await this.rpc.request(AuthContracts.disconnectInstallation, { clientId, teamId: viewer.teamId });
    res.redirect(303, '/apps?notice=installation_disconnected');
  }
}
