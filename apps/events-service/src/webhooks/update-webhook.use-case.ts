import { Injectable } from '@nestjs/common';
import { type EventsContracts, type RpcRequest, type Webhook } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { Clock } from '@cps/domain';
import { WebhookUrlPolicy } from '../settings.js';
import { WebhookDestinationRepository, type DestinationChanges } from './webhook-destination.repository.js';
import { acceptWebhookUrl } from './webhook-url.js';
import { toWebhook, webhookNotFound } from './webhook-view.js';

type Request = RpcRequest<typeof EventsContracts.updateWebhook>;

@Injectable()
export class UpdateWebhookUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly transactor: Transactor,
    private readonly urlPolicy: WebhookUrlPolicy,
    private readonly clock: Clock,
    private readonly outbound: OutboundGuard,
  ) {}

  /** Changes only the fields given; turning a destination back on clears why it was disabled. */
  async execute(request: Request): Promise<Webhook> {
    const changes: DestinationChanges = { updatedAt: this.clock.now() };
    if (request.name !== undefined) changes.name = request.name.trim();
    if (request.url !== undefined) changes.url = await acceptWebhookUrl(request.url, this.urlPolicy, this.outbound);
    if (request.event_types !== undefined) changes.eventTypes = [...new Set(request.event_types)];
    if (request.receive_simulated_events !== undefined) {
      changes.receiveSimulatedEvents = request.receive_simulated_events;
    }
    if (request.is_active !== undefined) {
      changes.isActive = request.is_active;
      if (request.is_active) changes.disabledReason = null;
    }
    const updated = await this.transactor.run((tx) =>
      this.destinations.update(tx, request.teamId, request.webhookId, changes),
    );
    if (!updated) throw new RpcRefusal(404, webhookNotFound(request.webhookId));
    return toWebhook(updated);
  }
}
