import { Inject, Injectable } from '@nestjs/common';
import { AuthContracts, EventsContracts, type Webhook } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';

export interface DevelopersView {
  /** Where the REST API reference and its OpenAPI document are. */
  apiBaseUrl: string;
  apiKeys: Array<AuthContracts.TeamApiKey & { state: 'active' | 'expired' | 'revoked' }>;
  webhooks: Webhook[];
}

/** The Developers page: the team's API keys (with their state now) and webhook destinations. */
@Injectable()
export class ShowDevelopers {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  async execute(teamId: string): Promise<DevelopersView> {
    const [{ api_keys }, { webhooks }] = await Promise.all([
      this.rpc.request(AuthContracts.listApiKeys, { teamId }),
      this.rpc.request(EventsContracts.listWebhooks, { teamId }),
    ]);
    return {
      apiBaseUrl: this.config.PUBLIC_BASE_URL,
      apiKeys: api_keys.map((key) => ({
        ...key,
        state: key.revoked_at
          ? 'revoked'
          : key.expires_at !== null && Date.parse(key.expires_at) <= Date.now()
            ? 'expired'
            : 'active',
      })),
      webhooks,
    };
  }
}
