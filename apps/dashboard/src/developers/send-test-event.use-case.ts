import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** A test event waits for the endpoint (events-service's webhook timeout, 15 s by default) and a little more. */
const TEST_EVENT_TIMEOUT_MS = 20_000;

/**
 * A signed example event straight to the endpoint (events-service `events.send-test-webhook.v1`): the team's
 * connections, events and deliveries stay as they are. Answers what the endpoint said, in words.
 */
@Injectable()
export class SendTestEvent {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, webhookId: string): Promise<string> {
    const sent = await this.rpc.request(EventsContracts.sendTestWebhook, { teamId, webhookId }, TEST_EVENT_TIMEOUT_MS);
    return sent.status_code === null
      ? `Test event ${sent.event_id} was not delivered: ${sent.error ?? 'no answer'}.`
      : `Test event ${sent.event_id} sent: your endpoint answered ${sent.status_code} in ${sent.duration_ms} ms.`;
  }
}
