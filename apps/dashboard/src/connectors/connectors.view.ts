import { when } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { disconnectButton, page, type PageMessages, type Viewer } from '../web/layout.js';
import { type ConnectorRow } from './list-connectors.use-case.js';

export function connectorsPage(viewer: Viewer, connectors: ConnectorRow[], messages: PageMessages): string {
  return page(
    viewer,
    { title: 'MCP connectors', section: '/connectors', ...messages },
    html`<p class="muted">
        Assistants and other MCP clients a member of this team authorized to ask questions about its data. A connector
        is tied to the team chosen when it was authorized; disconnecting revokes its token, and it needs a new
        authorization to come back.
      </p>
      <div class="card">
        ${
          connectors.length === 0
            ? html`<p>No MCP connector is authorized on this team.</p>`
            : table(
                ['Client', 'Scopes', 'Authorized', 'Last used', html`<span class="muted">Disconnect</span>`],
                connectors.map((connector) => [
                  html`${connector.name}<br /><span class="mono muted">${connector.clientId}</span>
                    <span class="muted">(${connector.kind})</span>`,
                  html`<span class="mono">${connector.scope}</span>`,
                  when(connector.authorizedAt),
                  when(connector.lastUsedAt),
                  disconnectButton(
                    viewer,
                    '/connectors/disconnect',
                    connector.name,
                    'Disconnect this connector? Its token is revoked; it needs a new authorization.',
                    { client_id: connector.clientId },
                  ),
                ]),
                'Last used: when the connector last obtained a token (its authorization or a refresh).',
                'connectors',
              )
        }
      </div>`,
  );
}
