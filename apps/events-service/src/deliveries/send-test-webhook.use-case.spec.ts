import { Webhook } from 'standardwebhooks';
import { type AttemptResult, type Clock } from '@cps/domain';
import { type RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { type DeliverySettings } from '../settings.js';
import { fake } from '@cps/testing/unit';
import { type WebhookDestinationEntity } from '../webhooks/webhook-destination.entity.js';
import { type WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { SendTestWebhookUseCase } from './send-test-webhook.use-case.js';
import { type WebhookRequest, type WebhookTransport } from './webhook-transport.js';

const SECRET = `whsec_${Buffer.alloc(24, 5).toString('base64')}`;
const box = new SecretBox(Buffer.alloc(32, 9).toString('base64'));
const NOW = new Date(); // verify() accepts a timestamp within five minutes of now

function setup(result: AttemptResult) {
  const sent: WebhookRequest[] = [];
  const destination = {
    id: 'WH1',
    teamId: 'team-1',
    url: 'https://example.com/hook',
    eventTypes: ['purchase.created'],
    isActive: false,
    secretSealed: box.seal(SECRET),
  } as WebhookDestinationEntity;
  const destinations = fake<WebhookDestinationRepository>({
    findOwned: (teamId: string, id: string) =>
      Promise.resolve(teamId === destination.teamId && id === destination.id ? destination : null),
  });
  const transport: WebhookTransport = {
    send: (request: WebhookRequest) => {
      sent.push(request);
      return Promise.resolve(result);
    },
  };
  const settings: DeliverySettings = { retrySchedule: [0], timeoutMs: 1000, pollMs: 100, concurrency: 1 };
  const clock: Clock = { now: () => NOW };
  return { sent, useCase: new SendTestWebhookUseCase(destinations, box, transport, settings, clock) };
}

describe('SendTestWebhookUseCase', () => {
  it('sends a signed example event to the endpoint, whatever its event types and state, and says what it answered', async () => {
    const { sent, useCase } = setup({ statusCode: 204 });
    const answer = await useCase.execute('team-1', 'WH1');
    expect(answer).toMatchObject({ event_type: 'connection.activated', status_code: 204, error: null });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe('https://example.com/hook');
    const body = new Webhook(SECRET).verify(request!.body, request!.headers) as Record<string, unknown>;
    expect(body).toMatchObject({ id: answer.event_id, type: 'connection.activated', is_simulated: true });
    expect(answer.event_id).toMatch(/^evt_test_/);
    expect(request!.headers['webhook-id']).toBe(answer.event_id);
  });

  it('reports an endpoint that gave no answer', async () => {
    const { useCase } = setup({ error: 'no response within 1000 ms' });
    await expect(useCase.execute('team-1', 'WH1')).resolves.toMatchObject({
      status_code: null,
      error: 'no response within 1000 ms',
    });
  });

  it('refuses another team’s destination with 404 and sends nothing', async () => {
    const { sent, useCase } = setup({ statusCode: 200 });
    const refusal = await useCase.execute('team-2', 'WH1').catch((error: unknown) => error);
    expect((refusal as RpcRefusal).getError()).toMatchObject({ status: 404 });
    expect(sent).toEqual([]);
  });
});
