import { Injectable } from '@nestjs/common';
import { ulid, type EventsContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { DeliverySettings } from '../settings.js';
import { WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { webhookNotFound } from '../webhooks/webhook-view.js';
import { signedWebhookHeaders, WebhookTransport } from './webhook-transport.js';

/** The example a test event carries: plainly not a real shopper. */
export function exampleConnectionActivated(id: string, at: Date): EventsContracts.ConnectionActivatedWebhook {
  return {
    id,
    type: 'connection.activated',
    timestamp: at.toISOString(),
    is_simulated: true,
    data: {
      connection: {
        connection_id: 'conn_test_example',
        customer_id: 'test-customer',
        retailer_id: 'walmart',
        status: 'active',
        email: 'shopper@example.com',
        mobile: null,
        tags: { source: 'test-event' },
      },
      first_activation: true,
    },
  };
}

/**
 * "Send test event": one signed request straight to the destination, answered with what it said. Signed and sent
 * as a delivery is (same headers, same outbound guard, same timeout), but nothing is stored.
 */
@Injectable()
export class SendTestWebhookUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly secrets: SecretBox,
    private readonly transport: WebhookTransport,
    private readonly settings: DeliverySettings,
    private readonly clock: Clock,
  ) {}

  async execute(teamId: string, webhookId: string): Promise<EventsContracts.SentTestWebhook> {
    const destination = await this.destinations.findOwned(teamId, webhookId);
    if (!destination) throw new RpcRefusal(404, webhookNotFound(webhookId));
    const at = this.clock.now();
    const id = `evt_test_${ulid()}`;
    const body = JSON.stringify(exampleConnectionActivated(id, at));
    const headers = signedWebhookHeaders([this.secrets.open(destination.secretSealed)], id, body, at);
    const started = performance.now();
    const result = await this.transport.send({ url: destination.url, body, headers }, this.settings.timeoutMs);
    return {
      event_id: id,
      event_type: 'connection.activated',
      status_code: 'statusCode' in result ? result.statusCode : null,
      error: 'error' in result ? result.error : null,
      duration_ms: Math.round(performance.now() - started),
    };
  }
}
