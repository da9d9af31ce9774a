import { Body, Controller, Get, HttpException, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { statusBadge } from '../connections/connections.controller.js';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { field, list, notice, when, type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { buttonForm, csrfField, page } from '../web/layout.js';
import { attempt, changeThenRedirect } from '../web/refusals.js';

/** A secret shown once, with a copy button. */
function shownOnce(id: string, label: string, value: string): Html {
  return html`<p>
    ${label}: <code id="${id}">${value}</code>
    <button type="button" class="secondary" data-copy="${id}" aria-label="Copy the ${label}">Copy</button>
  </p>`;
}

/**
 * Partner apps: the team's own apps (create, edit the redirect URIs, rotate the client secret) and the apps installed on the team
 * (scopes, disconnect: the installation is deactivated and its refresh tokens refused from then on).
 */
@Controller('apps')
@UseGuards(SignedIn)
export class PartnerAppsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async overview(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.render(viewer, { notice: notice(query) }));
  }

  @Post()
  async create(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const webhookUrl = field(form, 'webhook_url');
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.createPartnerApp, {
        teamId: viewer.teamId,
        name: field(form, 'name'),
        redirectUris: list(form, 'redirect_uris'),
        ...(webhookUrl ? { webhookUrl } : {}),
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, { error: `Partner app not created: ${result.error}` }));
      return;
    }
    const app = result.value;
    const secret = html`<div class="secret" role="status">
      <p><strong>Partner app created.</strong> Copy its secrets now: they are not shown again.</p>
      ${shownOnce('new-client-id', 'client_id', app.client_id)}
      ${shownOnce('new-client-secret', 'client_secret', app.client_secret)}
      ${shownOnce('new-webhook-secret', 'webhook signing secret', app.webhook_secret)}
    </div>`;
    res
      .status(201)
      .type('html')
      .send(await this.render(viewer, { secret }));
  }

  /** Only an app of the viewer's team (the list is the team's); the old secret stops working at once. */
  @Post(':clientId/rotate-secret')
  async rotate(@CurrentViewer() viewer: SignedInViewer, @Param('clientId') clientId: string, @Res() res: Response) {
    const { partner_apps } = await this.rpc.request(AuthContracts.listPartnerApps, { teamId: viewer.teamId });
    if (!partner_apps.some((app) => app.client_id === clientId)) {
      throw new HttpException({ detail: 'partner app not found' }, 404);
    }
    const rotated = await this.rpc.request(AuthContracts.rotatePartnerAppSecret, { clientId });
    const secret = html`<div class="secret" role="status">
      <p><strong>New client secret.</strong> The old one no longer works. Copy it now: it is not shown again.</p>
      ${shownOnce('rotated-client-secret', 'client_secret', rotated.client_secret)}
    </div>`;
    res.type('html').send(await this.render(viewer, { secret }));
  }

  /** The edit page of one of the team's own apps (another team's app is 404, as an unknown one). */
  @Get(':clientId')
  async edit(@CurrentViewer() viewer: SignedInViewer, @Param('clientId') clientId: string, @Res() res: Response) {
    const app = await this.ownApp(viewer, clientId);
    res.type('html').send(this.renderEdit(viewer, app, app.redirect_uris.join('\n'), null));
  }

  /** Replaces the redirect URIs by auth-server's rules (`auth.update-partner-app.v1`, scoped to the team). */
  @Post(':clientId/redirect-uris')
  async saveRedirectUris(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('clientId') clientId: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    await changeThenRedirect(
      res,
      () =>
        this.rpc.request(AuthContracts.updatePartnerApp, {
          teamId: viewer.teamId,
          clientId,
          redirectUris: list(form, 'redirect_uris'),
        }),
      '/apps?notice=redirect_uris_saved',
      async (error) =>
        this.renderEdit(
          viewer,
          await this.ownApp(viewer, clientId),
          field(form, 'redirect_uris'),
          `Redirect URIs not saved: ${error}`,
        ),
    );
  }

  @Post('installations/:clientId/disconnect')
  async disconnect(@CurrentViewer() viewer: SignedInViewer, @Param('clientId') clientId: string, @Res() res: Response) {
    await this.rpc.request(AuthContracts.disconnectInstallation, { clientId, teamId: viewer.teamId });
    res.redirect(303, '/apps?notice=installation_disconnected');
  }

  private async ownApp(viewer: SignedInViewer, clientId: string): Promise<AuthContracts.TeamPartnerApp> {
    const { partner_apps } = await this.rpc.request(AuthContracts.listPartnerApps, { teamId: viewer.teamId });
    const app = partner_apps.find((candidate) => candidate.client_id === clientId);
    if (!app) throw new HttpException({ detail: 'partner app not found' }, 404);
    return app;
  }

  private renderEdit(
    viewer: SignedInViewer,
    app: AuthContracts.TeamPartnerApp,
    redirectUris: string,
    error: string | null,
  ): string {
    return page(
      viewer,
      { title: `Partner app ${app.name}`, section: '/apps', error },
      html`<div class="card">
          <dl class="facts">
            <dt>client_id</dt>
            <dd class="mono">${app.client_id}</dd>
            <dt>Created</dt>
            <dd>${when(app.created_at)}</dd>
            <dt>Redirect URIs now</dt>
            <dd class="mono">${app.redirect_uris.join(' ')}</dd>
          </dl>
        </div>
        <h2>Redirect URIs</h2>
        <div class="card">
          <form method="post" action="/apps/${app.client_id}/redirect-uris">
            ${csrfField(viewer)}
            <label for="edit-redirects">Redirect URIs (one a line, up to 10; HTTPS, or HTTP on loopback)</label>
            <textarea id="edit-redirects" name="redirect_uris" rows="4" required aria-describedby="edit-redirects-help">
${redirectUris}</textarea>
            <p id="edit-redirects-help" class="muted">
              The list replaces the current one. An authorization request must name one of them exactly; codes issued
              before the change still need the redirect URI they were issued for.
            </p>
            <div class="actions">
              <button type="submit">Save redirect URIs</button><a class="button secondary" href="/apps">Cancel</a>
            </div>
          </form>
        </div>`,
    );
  }

  private async render(
    viewer: SignedInViewer,
    messages: { notice?: string | null; error?: string | null; secret?: Html },
  ): Promise<string> {
    const [{ partner_apps }, { installations }] = await Promise.all([
      this.rpc.request(AuthContracts.listPartnerApps, { teamId: viewer.teamId }),
      this.rpc.request(AuthContracts.listInstallations, { teamId: viewer.teamId }),
    ]);
    return page(
      viewer,
      { title: 'Partner apps', section: '/apps', notice: messages.notice, error: messages.error },
      html`${messages.secret ?? ''}
        <h2>Apps installed on this team</h2>
        <div class="card">
          ${
            installations.length === 0
              ? html`<p>No partner app is installed on this team.</p>`
              : table(
                  ['App', 'Scopes', 'Status', 'Since', html`<span class="muted">Disconnect</span>`],
                  installations.map((installation) => [
                    installation.app_name,
                    html`<span class="mono">${installation.scope}</span>`,
                    statusBadge(installation.status),
                    when(installation.created_at),
                    installation.status === 'active'
                      ? buttonForm(viewer, `/apps/installations/${installation.client_id}/disconnect`, {
                          label: 'Disconnect',
                          ariaLabel: `Disconnect ${installation.app_name}`,
                          kind: 'danger',
                          confirm: 'Disconnect this app? Its tokens stop working until someone authorizes it again.',
                        })
                      : '',
                  ]),
                  undefined,
                  'installations',
                )
          }
        </div>
        <h2>Your partner apps</h2>
        <div class="card">
          ${
            partner_apps.length === 0
              ? html`<p>Your team has no partner apps.</p>`
              : table(
                  [
                    'Name',
                    'client_id',
                    'Redirect URIs',
                    'Webhook URL',
                    'Secret',
                    html`<span class="muted">Rotate</span>`,
                  ],
                  partner_apps.map((app) => [
                    app.name,
                    html`<span class="mono">${app.client_id}</span>`,
                    html`<span class="mono">${app.redirect_uris.join(' ')}</span>
                      <a href="/apps/${app.client_id}" aria-label="Edit the redirect URIs of ${app.name}">Edit</a>`,
                    html`<span class="mono">${app.webhook_url ?? ''}</span>`,
                    app.secret_rotated_at ? `rotated ${when(app.secret_rotated_at)}` : `since ${when(app.created_at)}`,
                    buttonForm(viewer, `/apps/${app.client_id}/rotate-secret`, {
                      label: 'Rotate secret',
                      ariaLabel: `Rotate secret of ${app.name}`,
                      kind: 'secondary',
                      confirm: 'Rotate the client secret? The current one stops working at once.',
                    }),
                  ]),
                  undefined,
                  'partner-apps',
                )
          }
          <form method="post" action="/apps">
            ${csrfField(viewer)}
            <label for="app-name">Name</label><input id="app-name" name="name" type="text" required maxlength="200" />
            <label for="app-redirects">Redirect URIs (one a line; HTTPS, or HTTP on loopback)</label>
            <textarea id="app-redirects" name="redirect_uris" rows="2" required></textarea>
            <label for="app-webhook">Webhook URL (optional)</label
            ><input id="app-webhook" name="webhook_url" type="url" />
            <div class="actions"><button type="submit">Create partner app</button></div>
          </form>
        </div>`,
    );
  }
}
