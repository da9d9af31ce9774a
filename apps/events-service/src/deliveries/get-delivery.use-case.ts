import { Injectable } from '@nestjs/common';
import { type EventsContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { webhookNotFound } from '../webhooks/webhook-view.js';
import { DeliveryRepository } from './delivery.repository.js';
import { toWebhookDelivery } from './delivery-view.js';
import { signedWebhookHeaders } from './webhook-transport.js';

/** A delivery as someone debugging their receiver needs it: what was sent, with which headers, what came back. */
@Injectable()
export class GetDeliveryUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly deliveries: DeliveryRepository,
  ) {}

  async execute({
    teamId,
    webhookId,
    deliveryId,
  }: EventsContracts.DeliveryRef): Promise<EventsContracts.DeliveryDetail> {
    if (!(await this.destinations.findOwned(teamId, webhookId))) throw new RpcRefusal(404, webhookNotFound(webhookId));
    const delivery = await this.deliveries.findOwned(teamId, webhookId, deliveryId);
    if (!delivery) throw new RpcRefusal(404, `delivery ${deliveryId} not found`);
    const [payload, attempts] = await Promise.all([
      this.deliveries.payloadOf(teamId, delivery.eventId),
      this.deliveries.attemptsOf(teamId, deliveryId),
    ]);
    const sentAt = attempts.at(-1)?.attempted_at ?? delivery.createdAt;
    // The headers as signed (no secret here, so no signature is computed), with the signature shown redacted.
    const headers = signedWebhookHeaders([], delivery.eventId, payload ?? '', sentAt);
    headers['webhook-signature'] = 'v1,<redacted>';
    return {
      ...toWebhookDelivery(delivery),
      payload: payload ?? '',
      request_headers: headers,
      attempts_log: attempts.map((attempt) => ({
        attempted_at: attempt.attempted_at.toISOString(),
        status_code: attempt.status_code,
        error: attempt.error,
        duration_ms: attempt.duration_ms,
        response_body: attempt.response_body,
      })),
    };
  }
}
