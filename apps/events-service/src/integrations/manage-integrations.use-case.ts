import { Injectable } from '@nestjs/common';
import { LIST_LIMIT, ulid, EventsContracts, type RpcRequest } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox, Transactor, type Transaction } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { Clock } from '@cps/domain';
import { WebhookUrlPolicy } from '../settings.js';
import { generateWebhookSecret } from '../webhooks/webhook-secret.js';
import { acceptWebhookUrl } from '../webhooks/webhook-url.js';
import { AwardRepository } from './award.repository.js';
import { checkIntegration, invalidField } from './integration-rules.js';
import { IntegrationRepository, type IntegrationChanges, type IntegrationRow } from './integration.repository.js';
import { toAward, toIntegration } from './integration-view.js';

type Contracts = typeof EventsContracts;

function notFound(id: string): RpcRefusal {
  return new RpcRefusal(404, `integration ${id} not found`);
}

/** The base URL, vetted like a webhook URL (scheme, private and internal addresses: ADR 0010). */
async function acceptBaseUrl(url: string, policy: WebhookUrlPolicy, outbound: OutboundGuard): Promise<string> {
  try {
    return await acceptWebhookUrl(url, policy, outbound);
  } catch (error) {
    if (error instanceof RpcRefusal) {
      const detail = (error.getError() as { detail: Array<{ msg: string }> }).detail;
      throw invalidField('base_url', detail[0]?.msg ?? 'invalid URL', url);
    }
    throw error;
  }
}

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

@Injectable()
export class ListIntegrationsUseCase {
  constructor(private readonly integrations: IntegrationRepository) {}

  async execute(teamId: string): Promise<EventsContracts.IntegrationList> {
    return { integrations: (await this.integrations.list(teamId)).map(toIntegration) };
  }
}

@Injectable()
export class GetIntegrationUseCase {
  constructor(private readonly integrations: IntegrationRepository) {}

  async execute(teamId: string, id: string): Promise<EventsContracts.Integration> {
    const row = await this.integrations.find(teamId, id);
    if (!row) throw notFound(id);
    return toIntegration(row);
  }
}

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
    if (!current) throw notFound(request.integrationId);
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
    if (!updated) throw notFound(request.integrationId);
    return toIntegration(updated);
  }
}

@Injectable()
export class DeleteIntegrationUseCase {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly transactor: Transactor,
  ) {}

  async execute(teamId: string, id: string): Promise<EventsContracts.DeletedIntegration> {
    if (!(await this.transactor.run((tx) => this.integrations.delete(tx, teamId, id)))) throw notFound(id);
    return { integration_id: id };
  }
}

/** The ledger of one integration, newest first. */
@Injectable()
export class ListAwardsUseCase {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly awards: AwardRepository,
  ) {}

  async execute(request: RpcRequest<Contracts['listIntegrationAwards']>): Promise<EventsContracts.AwardList> {
    if (!(await this.integrations.find(request.teamId, request.integrationId))) {
      throw notFound(request.integrationId);
    }
    const limit = request.limit ?? LIST_LIMIT.default;
    const rows = await this.awards.list(
      request.teamId,
      request.integrationId,
      limit + 1,
      request.starting_after ?? null,
    );
    return { awards: rows.slice(0, limit).map(toAward), has_more: rows.length > limit };
  }
}
