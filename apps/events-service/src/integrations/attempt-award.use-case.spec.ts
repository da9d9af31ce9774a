import { type AttemptResult, type Clock, type Randomness } from '@cps/domain';
import { SecretBox } from '@cps/persistence';
import { type WebhookRequest, type WebhookTransport } from '../deliveries/webhook-transport.js';
import { type DeliverySettings } from '../settings.js';
import { fake } from '@cps/testing/unit';
import { AttemptAwardUseCase } from './attempt-award.use-case.js';
import { type AwardCustomers, type CustomerLookup } from './award-customers.js';
import { type AwardAttempt, type AwardRepository, type ClaimedAward } from './award.repository.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const box = new SecretBox(Buffer.alloc(32, 7).toString('base64'));

const claimed = (overrides: Partial<ClaimedAward> = {}): ClaimedAward => ({
  id: '01JAWARD000000000000000000',
  teamId: 'team_1',
  integrationId: 'int_1',
  trigger: 'purchase.created',
  connectionId: 'conn_1',
  purchaseId: 'pur_1',
  isSimulated: false,
  customerValue: null,
  points: 12,
  itemsSubtotal: '11.50',
  occurredAt: NOW,
  attempts: 0,
  kind: 'loyalty',
  adapter: 'points_api',
  baseUrl: 'https://loyalty.example',
  credentialSealed: box.seal('sk_live_secret'),
  customerIdentifier: 'email',
  integrationActive: true,
  ...overrides,
});

function setup(lookup: CustomerLookup | Error, answer: AttemptResult) {
  const recorded: AwardAttempt[] = [];
  const sent: WebhookRequest[] = [];
  const useCase = new AttemptAwardUseCase(
    fake<AwardRepository>({ recordAttempt: async (_claimed, attempt) => void recorded.push(attempt) }),
    fake<AwardCustomers>({
      lookup: async () => {
        if (lookup instanceof Error) throw lookup;
        return lookup;
      },
    }),
    box,
    fake<WebhookTransport>({
      send: async (request) => {
        sent.push(request);
        return answer;
      },
    }),
    { retrySchedule: [0, 5, 300], timeoutMs: 1000, pollMs: 100, concurrency: 1 } satisfies DeliverySettings,
    { now: () => NOW } satisfies Clock,
    fake<Randomness>({ fraction: () => 0.5 }),
  );
  return { useCase, recorded, sent };
}

describe('AttemptAwardUseCase', () => {
  it('resolves the customer, sends with the opened API key, and records success with the customer', async () => {
    const { useCase, recorded, sent } = setup({ kind: 'found', value: 'jo@example.com' }, { statusCode: 201 });
    expect(await useCase.execute(claimed())).toBe('succeeded');
    expect(sent[0]!.headers.authorization).toBe('Bearer sk_live_secret');
    expect(JSON.parse(sent[0]!.body).points_transaction.customer).toEqual({ email: 'jo@example.com' });
    expect(recorded).toEqual([
      { status: 'succeeded', nextAttemptAt: null, statusCode: 201, error: null, customerValue: 'jo@example.com' },
    ]);
  });

  it('keeps a failed call pending with its next attempt and the reason', async () => {
    const { useCase, recorded } = setup({ kind: 'found', value: 'jo@example.com' }, { statusCode: 503 });
    expect(await useCase.execute(claimed())).toBe('pending');
    expect(recorded[0]).toMatchObject({ status: 'pending', statusCode: 503, error: 'HTTP 503' });
    expect(recorded[0]!.nextAttemptAt!.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('fails after the last scheduled attempt', async () => {
    const { useCase, recorded } = setup({ kind: 'found', value: 'x' }, { error: 'no response within 1000 ms' });
    expect(await useCase.execute(claimed({ attempts: 2 }))).toBe('failed');
    expect(recorded[0]).toMatchObject({ status: 'failed', error: 'no response within 1000 ms' });
  });

  it('fails at once, sending nothing, when the customer has no such identifier or the connection is gone', async () => {
    const { useCase, recorded, sent } = setup(
      { kind: 'missing', reason: 'the connection has no email' },
      { statusCode: 200 },
    );
    expect(await useCase.execute(claimed())).toBe('failed');
    expect(sent).toEqual([]);
    expect(recorded[0]).toMatchObject({ status: 'failed', error: 'the connection has no email' });
  });

  it('retries when sync-service cannot say who the customer is', async () => {
    const { useCase, recorded, sent } = setup(new Error('no responder'), { statusCode: 200 });
    expect(await useCase.execute(claimed())).toBe('pending');
    expect(sent).toEqual([]);
    expect(recorded[0]).toMatchObject({ status: 'pending', error: 'customer lookup failed: no responder' });
  });

  it('uses the customer the event carried without asking, and sends nothing for an inactive integration', async () => {
    const known = setup(new Error('must not be asked'), { statusCode: 200 });
    expect(await known.useCase.execute(claimed({ customerValue: 'jo@example.com' }))).toBe('succeeded');
    const inactive = setup({ kind: 'found', value: 'x' }, { statusCode: 200 });
    expect(await inactive.useCase.execute(claimed({ integrationActive: false }))).toBe('failed');
    expect(inactive.sent).toEqual([]);
  });
});
