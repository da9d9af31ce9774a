import { type AuthContracts } from '@cps/contracts';
import { when } from '../web/forms.js';
import { html, tableOr, type Html } from '../web/html.js';
import { buttonForm, csrfField, disconnectButton, page, type PageMessages, type Viewer } from '../web/layout.js';
import { statusBadge } from '../web/status-badge.js';
import { type PartnerAppsView } from './list-partner-apps.use-case.js';

/** Secrets shown once on the page that follows a creation or a rotation. */
export type ShownSecrets =
  | { kind: 'created'; clientId: string; clientSecret: string; webhookSecret: string }
  | { kind: 'rotated'; clientSecret: string };

/** A secret shown once, with a copy button. */
function shownOnce(id: string, label: string, value: string): Html {
  return html`<p>
    ${label}: <code id="${id}">${value}</code>
    <button type="button" class="secondary" data-copy="${id}" aria-label="Copy the ${label}">Copy</button>
  </p>`;
}

function secretBox(secrets: ShownSecrets): Html {
  return secrets.kind === 'created'
    ? html`<div class="secret" role="status">
        <p><strong>Partner app created.</strong> Copy its secrets now: they are not shown again.</p>
        ${shownOnce('new-client-id', 'client_id', secrets.clientId)}
        ${shownOnce('new-client-secret', 'client_secret', secrets.clientSecret)}
        ${shownOnce('new-webhook-secret', 'webhook signing secret', secrets.webhookSecret)}
      </div>`
    : html`<div class="secret" role="status">
        <p><strong>New client secret.</strong> The old one no longer works. Copy it now: it is not shown again.</p>
        ${shownOnce('rotated-client-secret', 'client_secret', secrets.clientSecret)}
      </div>`;
}

/** The edit page of one of the team's own apps; `redirectUris` is what the form shows (as typed, when refused). */
export function partnerAppEditPage(
  viewer: Viewer,
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

export function partnerAppsPage(
  viewer: Viewer,
  { installations, partnerApps }: PartnerAppsView,
  messages: PageMessages,
  secrets?: ShownSecrets,
): string {
  return page(
    viewer,
    { title: 'Partner apps', section: '/apps', ...messages },
    html`${secrets ? secretBox(secrets) : ''}
      <h2>Apps installed on this team</h2>
      <div class="card">
        ${tableOr(
          html`<p>No partner app is installed on this team.</p>`,
          ['App', 'Scopes', 'Status', 'Since', html`<span class="muted">Disconnect</span>`],
          installations.map((installation) => [
            installation.app_name,
            html`<span class="mono">${installation.scope}</span>`,
            statusBadge(installation.status),
            when(installation.created_at),
            installation.status === 'active'
              ? disconnectButton(
                  viewer,
                  `/apps/installations/${installation.client_id}/disconnect`,
                  installation.app_name,
                  'Disconnect this app? Its tokens stop working until someone authorizes it again.',
                )
              : '',
          ]),
          undefined,
          'installations',
        )}
      </div>
      <h2>Your partner apps</h2>
      <div class="card">
        ${tableOr(
          html`<p>Your team has no partner apps.</p>`,
          ['Name', 'client_id', 'Redirect URIs', 'Webhook URL', 'Secret', html`<span class="muted">Rotate</span>`],
          partnerApps.map((app) => [
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
        )}
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
