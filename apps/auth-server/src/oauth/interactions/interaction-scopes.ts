import { Injectable } from '@nestjs/common';
import { ConnectorClientRepository } from '../connectors/connector-client.repository.js';
import { resolveConnectorScope } from '../connectors/connector-scope.js';
import { OAuthSettings } from '../oauth-settings.js';
import { FULL_SCOPE } from '../scope-policy.js';
import { type Interaction } from './interaction.js';

/**
 * What is being authorized: partner apps get the three partner scopes on `{base_url}`; a connector the scopes
 * its request named (checked again) on `{mcp_url}`.
 */
@Injectable()
export class InteractionScopes {
  constructor(
    private readonly settings: OAuthSettings,
    private readonly connectors: ConnectorClientRepository,
  ) {}

  async of(interaction: Interaction): Promise<{ resource: string; scope: string }> {
    const clientId = interaction.params.client_id;
    const connector = typeof clientId === 'string' ? await this.connectors.find(clientId) : null;
    if (!connector) return { resource: this.settings.baseUrl, scope: FULL_SCOPE };
    const requested = interaction.params.scope;
    const scope = resolveConnectorScope(typeof requested === 'string' ? requested : undefined);
    return { resource: this.settings.mcpUrl, scope: scope.ok ? scope.scope : 'mcp:read' };
  }
}
