import { Logger } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { type AttemptResult, type DeliveryTransition, type Clock, type Randomness } from '@cps/domain';
import { ServiceMetrics } from '@cps/observability';
import { SecretBox } from '@cps/persistence';
import { type DeliverySettings } from '../settings.js';
import { AttemptDeliveryUseCase } from './attempt-delivery.use-case.js';
import { DeliveryMetrics } from './delivery-metrics.js';
import { type AttemptRecord, type ClaimedDelivery, type DeliveryRepository } from './delivery.repository.js';
import { type WebhookRequest, type WebhookTransport } from './webhook-transport.js';
import { fake } from '@cps/testing/unit';

const SECRET = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
const box = new SecretBox(Buffer.alloc(32, 9).toString('base64'));
const NOW = new Date();
const BODY =
  '{"id":"EVT1","type":"purchase.created","timestamp":"2025-01-01T00:00:00.000Z","is_simulated":false,"data":{}}';

function claimed(overrides: Partial<ClaimedDelivery> = {}): ClaimedDelivery {
  return {
    id: 'DLV1',
    teamId: 'team-1',
    destinationId: 'WH1',
    eventId: 'EVT1',
    attempts: 0,
    url: 'https://example.com/hook',
    destinationActive: true,
    secretSealed: box.seal(SECRET),
    previousSecretSealed: null,
    body: BODY,
    ...overrides,
  };
}

function setup(result: AttemptResult, schedule = [0, 5, 300]) {
  const sent: WebhookRequest[] = [];
  const recorded: { attempt: AttemptRecord; transition: DeliveryTransition; disabledReason: string | null }[] = [];
  const unsent: string[] = [];
  const repository = fake<DeliveryRepository>({
    recordAttempt: (
      _claimed: ClaimedDelivery,
      attempt: AttemptRecord,
      transition: DeliveryTransition,
      disabledReason: string | null,
    ) => {
      recorded.push({ attempt, transition, disabledReason });
      return Promise.resolve();
    },
    failUnsent: (_claimed: ClaimedDelivery, reason: string) => {
      unsent.push(reason);
      return Promise.resolve();
    },
  });
  const transport: WebhookTransport = {
    send: (request: WebhookRequest) => {
      sent.push(request);
      return Promise.resolve(result);
    },
  };
  const settings: DeliverySettings = { retrySchedule: schedule, timeoutMs: 1000, pollMs: 100, concurrency: 1 };
  const clock: Clock = { now: () => NOW };
  const randomness = { fraction: () => 0.5 } as Randomness;
  const useCase = new AttemptDeliveryUseCase(
    repository,
    box,
    transport,
    settings,
    clock,
    randomness,
    new DeliveryMetrics(new ServiceMetrics('test')),
  );
  return { useCase, sent, recorded, unsent };
}

describe('AttemptDeliveryUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('posts the stored body with Standard Webhooks headers a receiver can verify', async () => {
    const { useCase, sent } = setup({ statusCode: 204 });
    await useCase.execute(claimed());
    const request = sent[0]!;
    expect(request.url).toBe('https://example.com/hook');
    expect(request.body).toBe(BODY);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'EVT1',
      'webhook-timestamp': String(Math.floor(NOW.getTime() / 1000)),
    });
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(SECRET).verify(request.body, request.headers)).toEqual(JSON.parse(BODY));
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 4).toString('base64')}`).verify(BODY, request.headers),
    ).toThrow();
  });

  it('signs with the rotated-out secret too while it overlaps: a receiver with either one verifies', async () => {
    const previous = `whsec_${Buffer.alloc(24, 5).toString('base64')}`;
    const { useCase, sent } = setup({ statusCode: 204 });
    await useCase.execute(claimed({ previousSecretSealed: box.seal(previous) }));
    const request = sent[0]!;
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(SECRET).verify(request.body, request.headers)).toEqual(JSON.parse(BODY));
    expect(new Webhook(previous).verify(request.body, request.headers)).toEqual(JSON.parse(BODY));
  });

  it.each<[AttemptResult, number, string, string | null, number | null, string | null]>([
    // result, attempts before, status after, next attempt, last status code, last error
    [{ statusCode: 200 }, 0, 'succeeded', null, 200, null],
    [{ statusCode: 500 }, 0, 'pending', new Date(NOW.getTime() + 5_000).toISOString(), 500, 'HTTP 500'],
    [
      { statusCode: 302 },
      1,
      'pending',
      new Date(NOW.getTime() + 300_000).toISOString(),
      302,
      'HTTP 302: redirects are not followed',
    ],
    [
      { error: 'request failed: ECONNREFUSED' },
      1,
      'pending',
      new Date(NOW.getTime() + 300_000).toISOString(),
      null,
      'request failed: ECONNREFUSED',
    ],
    [{ statusCode: 503 }, 2, 'failed', null, 503, 'HTTP 503'],
    [{ statusCode: 410 }, 0, 'failed', null, 410, 'HTTP 410: endpoint gone; webhook disabled'],
  ])('%j after %i attempts -> %s', async (result, attempts, status, next, code, error) => {
    const { useCase, recorded } = setup(result);
    await useCase.execute(claimed({ attempts }));
    const { attempt, transition, disabledReason } = recorded[0]!;
    expect(transition.status).toBe(status);
    expect(transition.nextAttemptAt?.toISOString() ?? null).toBe(next);
    expect(attempt).toMatchObject({ statusCode: code, error, attemptedAt: NOW });
    expect(transition.disableDestination).toBe(code === 410);
    expect(disabledReason === null).toBe(code !== 410);
  });

  it('fails a delivery to an inactive webhook without sending it', async () => {
    const { useCase, sent, recorded, unsent } = setup({ statusCode: 200 });
    expect(await useCase.execute(claimed({ destinationActive: false }))).toBe('unsent');
    expect(sent).toEqual([]);
    expect(recorded).toEqual([]);
    expect(unsent).toEqual(['webhook is not active']);
  });
});
