import { Webhook } from 'standardwebhooks';
import { awardRequest, type AwardToSend } from './award-requests.js';

const AT = new Date('2026-03-01T12:00:00.000Z');
const award = (overrides: Partial<AwardToSend> = {}): AwardToSend => ({
  awardId: '01JAWARD000000000000000000',
  integrationId: '01JINTEGRATION000000000000',
  kind: 'loyalty',
  adapter: 'points_api',
  baseUrl: 'https://loyalty.example/',
  credential: 'sk_test_123',
  trigger: 'purchase.created',
  customerIdentifier: 'email',
  customerValue: 'jo@example.com',
  points: 42,
  itemsSubtotal: '41.50',
  connectionId: '01JCONNECTION0000000000000',
  purchaseId: '01JPURCHASE000000000000000',
  isSimulated: false,
  occurredAt: new Date('2026-03-01T11:59:00.000Z'),
  ...overrides,
});

describe('awardRequest', () => {
  it('points_api: a Smile.io-style points transaction with the award id as Idempotency-Key', () => {
    const request = awardRequest(award(), AT);
    expect(request.url).toBe('https://loyalty.example/v1/points_transactions');
    expect(request.headers).toMatchObject({
      authorization: 'Bearer sk_test_123',
      'idempotency-key': '01JAWARD000000000000000000',
    });
    expect(JSON.parse(request.body)).toEqual({
      points_transaction: {
        customer: { email: 'jo@example.com' },
        points_change: 42,
        description: 'Purchase',
        internal_note: 'purchase 01JPURCHASE000000000000000',
        reference: '01JAWARD000000000000000000',
      },
    });
  });

  it.each<[AwardToSend['customerIdentifier'], string]>([
    ['customer_id', 'external_id'],
    ['mobile', 'phone'],
  ])('points_api names the customer by %s', (identifier, field) => {
    const body = JSON.parse(awardRequest(award({ customerIdentifier: identifier, customerValue: 'x' }), AT).body);
    expect(body.points_transaction.customer).toEqual({ [field]: 'x' });
  });

  it('track_event: a Klaviyo-style event with unique_id, the profile and the value', () => {
    const request = awardRequest(
      award({ kind: 'marketing', adapter: 'track_event', trigger: 'account.linked', itemsSubtotal: null, points: 0 }),
      AT,
    );
    expect(request.url).toBe('https://loyalty.example/api/events');
    expect(request.headers).toMatchObject({ authorization: 'Klaviyo-API-Key sk_test_123', revision: '2024-10-15' });
    const body = JSON.parse(request.body);
    expect(body.data.attributes).toMatchObject({
      metric: { data: { type: 'metric', attributes: { name: 'Account Linked' } } },
      profile: { data: { type: 'profile', attributes: { email: 'jo@example.com' } } },
      unique_id: '01JAWARD000000000000000000',
      time: '2026-03-01T11:59:00.000Z',
    });
    expect(body.data.attributes).not.toHaveProperty('value');
  });

  it('webhook: a Standard Webhooks signed body the receiver can verify', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    // Signed now: receivers refuse timestamps more than five minutes off.
    const request = awardRequest(
      award({ adapter: 'webhook', baseUrl: 'https://hooks.example/in', credential: secret }),
      new Date(),
    );
    expect(request.url).toBe('https://hooks.example/in');
    expect(request.headers['webhook-id']).toBe('01JAWARD000000000000000000');
    const verified = new Webhook(secret).verify(request.body, {
      'webhook-id': request.headers['webhook-id']!,
      'webhook-timestamp': request.headers['webhook-timestamp']!,
      'webhook-signature': request.headers['webhook-signature']!,
    }) as { type: string; data: { points: number } };
    expect(verified).toMatchObject({ type: 'loyalty.points_awarded', data: { points: 42 } });
  });
});
