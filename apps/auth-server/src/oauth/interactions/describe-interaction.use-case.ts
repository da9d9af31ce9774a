import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../users/user.repository.js';
import { ConnectorClientRepository } from '../connectors/connector-client.repository.js';
import { PartnerAppRepository } from '../partner-apps/partner-app.repository.js';
import { type Interaction } from './interaction.js';
import { type AppContext } from './pages.js';

/** What every page of the authorization flow shows: the app, where it sends the browser back to, who is signed in. */
@Injectable()
export class DescribeInteractionUseCase {
  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly connectors: ConnectorClientRepository,
    private readonly users: UserRepository,
  ) {}

  async execute(interaction: Interaction): Promise<AppContext> {
    const redirectUri = interaction.params.redirect_uri;
    let redirectHost: string | null = null;
    try {
      if (typeof redirectUri === 'string') redirectHost = new URL(redirectUri).host || null;
    } catch {
      redirectHost = null;
    }
    const accountId = interaction.prompt.name === 'consent' ? interaction.session?.accountId : undefined;
    const user = accountId ? await this.users.findById(accountId) : null;
    return {
      appName: await this.appName(interaction),
      redirectHost,
      ...(user ? { account: { email: user.email, switchHref: `/oauth/interaction/${interaction.uid}?switch=1` } } : {}),
    };
  }

  private async appName(interaction: Interaction): Promise<string> {
    const clientId = interaction.params.client_id;
    const connector = typeof clientId === 'string' ? await this.connectors.find(clientId) : null;
    if (connector) return connector.name;
    const app = typeof clientId === 'string' ? await this.apps.find(clientId) : null;
    return app?.name ?? 'An app';
  }
}
