import { Injectable } from '@nestjs/common';
import { EventsContracts, type RpcRequest } from '@cps/contracts';
import { SecretBox, Transactor, type Transaction } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { Clock } from '@cps/domain';
import { WebhookUrlPolicy } from '../settings.js';
import { acceptBaseUrl, checkIntegration, integrationNotFound, invalidField } from './integration-rules.js';
import { IntegrationRepository, type IntegrationChanges } from './integration.repository.js';
import { toIntegration } from './integration-view.js';

type Contracts = typeof EventsContracts;

/** Changes only the fields sent; kind and adapter stay (a new integration is a new ledger). */
@Injectable()
export class UpdateIntegrationUseCase {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly transactor: Transactor,
    private readonly secrets: SecretBox,
    private readonly urlPolicy: WebhookUrlPolicy,
    private readonly outbound: OutboundGuard,
    private readonly clock: Clock,
  ) {}

  async execute(request: RpcRequest<Contracts['updateIntegration']>): Promise<EventsContracts.Integration> {
    return this.transactor.run((tx) => this.change(tx, request));
  }

  private async change(
    tx: Transaction,
    request: RpcRequest<Contracts['updateIntegration']>,
  ): Promise<EventsContracts.Integration> {
    const current = await this.integrations.find(request.teamId, request.integrationId, tx);
    if (!current) throw integrationNotFound(request.integrationId);
    if (request.api_key !== undefined && current.adapter === 'webhook') {
      throw invalidField('api_key', 'the webhook adapter signs with its own secret; it takes no api_key', undefined);
    }
    checkIntegration({
      kind: current.kind,
      adapter: current.adapter,
      apiKey: request.api_key ?? 'stored',
      startDate: request.start_date,
    });
    const changes: IntegrationChanges = {
      name: request.name?.trim(),
      baseUrl:
        request.base_url === undefined
          ? undefined
          : await acceptBaseUrl(request.base_url, this.urlPolicy, this.outbound),
      credentialSealed: request.api_key === undefined ? undefined : this.secrets.seal(request.api_key),
      triggers: request.triggers === undefined ? undefined : [...new Set(request.triggers)],
      isActive: request.is_active,
      receiveSimulatedEvents: request.receive_simulated_events,
      pointsPerDollar: request.points_per_dollar === undefined ? undefined : String(request.points_per_dollar),
      startDate: request.start_date,
      rewardOnLink: request.reward_on_link,
      customerIdentifier: request.customer_identifier,
    };
    const updated = await this.integrations.update(
      tx,
      request.teamId,
      request.integrationId,
      changes,
      this.clock.now(),
    );
    if (!updated) throw integrationNotFound(request.integrationId);
    return toIntegration(updated);
  }
}
