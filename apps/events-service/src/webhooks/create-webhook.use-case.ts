import { Injectable } from '@nestjs/common';
import { ulid, type EventsContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { SecretBox, Transactor } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { Clock } from '@cps/domain';
import { WebhookUrlPolicy } from '../settings.js';
import { WebhookDestinationRepository } from './webhook-destination.repository.js';
import { generateWebhookSecret } from './webhook-secret.js';
import { acceptWebhookUrl } from './webhook-url.js';
import { toWebhook } from './webhook-view.js';

type Request = RpcRequest<typeof EventsContracts.createWebhook>;

@Injectable()
export class CreateWebhookUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly transactor: Transactor,
    private readonly secrets: SecretBox,
    private readonly urlPolicy: WebhookUrlPolicy,
    private readonly clock: Clock,
    private readonly outbound: OutboundGuard,
  ) {}

  /** The signing secret is returned here once; only its sealed form is stored. */
  async execute(request: Request): Promise<RpcResponse<typeof EventsContracts.createWebhook>> {
    const url = await acceptWebhookUrl(request.url, this.urlPolicy, this.outbound);
    const secret = generateWebhookSecret();
    const now = this.clock.now();
    const destination = {
      id: ulid(),
      teamId: request.teamId,
      name: request.name?.trim() ?? '',
      url,
      eventTypes: [...new Set(request.event_types)],
      isActive: request.is_active ?? true,
      receiveSimulatedEvents: request.receive_simulated_events ?? false,
      secretSealed: this.secrets.seal(secret),
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.transactor.run((tx) => this.destinations.create(tx, destination));
    return { ...toWebhook(destination), secret };
  }
}
