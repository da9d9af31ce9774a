import { Injectable } from '@nestjs/common';
import { ulid, EventsContracts, type RpcRequest } from '@cps/contracts';
import { SecretBox, Transactor } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { Clock } from '@cps/domain';
import { WebhookUrlPolicy } from '../settings.js';
import { generateWebhookSecret } from '../webhooks/webhook-secret.js';
import { acceptBaseUrl, checkIntegration } from './integration-rules.js';
import { IntegrationRepository, type IntegrationRow } from './integration.repository.js';
import { toIntegration } from './integration-view.js';

type Contracts = typeof EventsContracts;

/** Creates an integration; the webhook adapter's signing secret is returned here once, the API key never. */
@Injectable()
export class CreateIntegrationUseCase {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly transactor: Transactor,
    private readonly secrets: SecretBox,
    private readonly urlPolicy: WebhookUrlPolicy,
    private readonly outbound: OutboundGuard,
    private readonly clock: Clock,
  ) {}

  async execute(request: RpcRequest<Contracts['createIntegration']>): Promise<EventsContracts.CreatedIntegration> {
    checkIntegration({
      kind: request.kind,
      adapter: request.adapter,
      apiKey: request.api_key,
      startDate: request.start_date,
    });
    const baseUrl = await acceptBaseUrl(request.base_url, this.urlPolicy, this.outbound);
    const secret = request.adapter === 'webhook' ? generateWebhookSecret() : null;
    const now = this.clock.now();
    const row: IntegrationRow = {
      id: ulid(),
      teamId: request.teamId,
      name: request.name?.trim() ?? '',
      kind: request.kind,
      adapter: request.adapter,
      baseUrl,
      credentialSealed: this.secrets.seal(secret ?? request.api_key!),
      triggers: [...new Set(request.triggers ?? EventsContracts.INTEGRATION_TRIGGERS)],
      isActive: request.is_active ?? true,
      receiveSimulatedEvents: request.receive_simulated_events ?? false,
      pointsPerDollar: String(request.points_per_dollar ?? 1),
      startDate: request.start_date ?? null,
      rewardOnLink: request.reward_on_link ?? 0,
      customerIdentifier: request.customer_identifier ?? 'email',
      createdAt: now,
      updatedAt: now,
    };
    await this.transactor.run((tx) => this.integrations.create(tx, row));
    return { ...toIntegration(row), secret };
  }
}
