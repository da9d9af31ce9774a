import { type AuthContracts } from '@cps/contracts';
import { when } from '../web/forms.js';
import { html, tableOr } from '../web/html.js';
import { disconnectButton, page, type PageMessages, type Viewer } from '../web/layout.js';

const KINDS: Record<AuthContracts.TeamConnector['kind'], string> = {
  registered: 'registered client',
  metadata_document: 'client metadata document',
};

export function connectorsPage(
  viewer: Viewer,
  connectors: AuthContracts.TeamConnector[],
  messages: PageMessages,
): string {
  return page(
    viewer,
    { title: 'MCP connectors', section: '/connectors', ...messages },
    html`<p class="muted">
        Assistants and other MCP clients a member of this team authorized to ask questions about its data. A connector
        is tied to the team chosen when it was authorized; disconnecting revokes its token, and it needs a new
        authorization to come back.
      </p>
      <div class="card">
        ${tableOr(
          html`<p>No MCP connector is authorized on this team.</p>`,
          ['Client', 'Scopes', 'Authorized', 'Last used', html`<span class="muted">Disconnect</span>`],
          connectors.map((connector) => [
            html`${connector.name}<br /><span class="mono muted">${connector.client_id}</span>
              <span class="muted">(${KINDS[connector.kind]})</span>`,
            html`<span class="mono">${connector.scope}</span>`,
            when(connector.authorized_at),
            when(connector.last_used_at),
            disconnectButton(
              viewer,
              '/connectors/disconnect',
              connector.name,
              'Disconnect this connector? Its token is revoked; it needs a new authorization.',
              { client_id: connector.client_id },
            ),
          ]),
          'Last used: when the connector last obtained a token (its authorization or a refresh).',
          'connectors',
        )}
      </div>`,
  );
}
