import { type Connection, type PurchaseDetail } from '@cps/contracts';
import { EntityManager } from 'typeorm';
import { type Clock } from '../settings.js';
import { fake } from '../testing/fake.js';
import { type AwardRepository, type NewAward } from './award.repository.js';
import { type IntegrationRepository, type IntegrationRow } from './integration.repository.js';
import { RecordAwardsUseCase } from './record-awards.use-case.js';

const TX = Object.create(EntityManager.prototype) as EntityManager;
const CREATED = new Date('2026-03-01T00:00:00.000Z');
const LATER = new Date('2026-03-02T10:00:00.000Z');

const integration = (overrides: Partial<IntegrationRow> = {}): IntegrationRow => ({
  id: 'int_loyalty',
  teamId: 'team_1',
  name: '',
  kind: 'loyalty',
  adapter: 'points_api',
  baseUrl: 'https://loyalty.example',
  credentialSealed: 'sealed',
  triggers: ['account.linked', 'purchase.created'],
  isActive: true,
  receiveSimulatedEvents: false,
  pointsPerDollar: '2.0000',
  startDate: null,
  rewardOnLink: 100,
  customerIdentifier: 'email',
  createdAt: CREATED,
  updatedAt: CREATED,
  ...overrides,
});

const connection = (overrides: Partial<Connection> = {}): Connection => ({
  connection_id: 'conn_1',
  customer_id: 'cust_1',
  retailer_id: 'walmart',
  status: 'active',
  email: 'jo@example.com',
  mobile: null,
  tags: {},
  is_simulated: false,
  created_at: CREATED.toISOString(),
  ...overrides,
});

const purchase = (overrides: Partial<PurchaseDetail> = {}): PurchaseDetail =>
  ({
    purchase_id: 'pur_1',
    connection_id: 'conn_1',
    date: '2026-03-02T09:00:00.000Z',
    is_simulated: false,
    items: [
      { price: '10.25', quantity: 2 },
      { price: '0.99', quantity: 1 },
    ],
    ...overrides,
  }) as PurchaseDetail;

function setup(integrations: IntegrationRow[]) {
  const recorded: NewAward[] = [];
  const useCase = new RecordAwardsUseCase(
    fake<IntegrationRepository>({
      activeFor: async (_tx, _teamId, trigger) => integrations.filter((i) => i.triggers.includes(trigger)),
    }),
    fake<AwardRepository>({
      insertPending: async (tx: EntityManager, awards: NewAward[]) => {
        if (tx !== TX) throw new Error('outside the consumer transaction');
        recorded.push(...awards);
      },
    }),
    { now: () => LATER } satisfies Clock,
  );
  return { useCase, recorded };
}

describe('RecordAwardsUseCase', () => {
  it('account.linked: the first activation only, reward_on_link points, the customer from the event', async () => {
    const { useCase, recorded } = setup([integration()]);
    await useCase.accountLinked(TX, 'team_1', { connection: connection(), firstActivation: false }, LATER);
    expect(recorded).toEqual([]);
    await useCase.accountLinked(TX, 'team_1', { connection: connection(), firstActivation: true }, LATER);
    expect(recorded).toEqual([
      expect.objectContaining({
        trigger: 'account.linked',
        subjectId: 'conn_1',
        purchaseId: null,
        points: 100,
        customerValue: 'jo@example.com',
      }),
    ]);
  });

  it.each<[string, Partial<IntegrationRow>, Partial<Connection>, number]>([
    ['a simulated connection, integration without simulated events', {}, { is_simulated: true }, 0],
    ['a simulated connection, integration accepting them', { receiveSimulatedEvents: true }, { is_simulated: true }, 1],
    ['a loyalty integration with reward_on_link 0', { rewardOnLink: 0 }, {}, 0],
    ['a marketing integration with reward_on_link 0 (tracks it anyway)', { kind: 'marketing', rewardOnLink: 0 }, {}, 1],
    ['an integration not listening to account.linked', { triggers: ['purchase.created'] }, {}, 0],
    ['an integration created after the event', { createdAt: new Date(LATER.getTime() + 1) }, {}, 0],
  ])('account.linked with %s: %p award(s)', async (_name, settings, conn, count) => {
    const { useCase, recorded } = setup([integration(settings)]);
    await useCase.accountLinked(TX, 'team_1', { connection: connection(conn), firstActivation: true }, LATER);
    expect(recorded).toHaveLength(count);
  });

  it('purchase.created: ceil(items_subtotal x points_per_dollar), the customer resolved later', async () => {
    const { useCase, recorded } = setup([integration()]);
    await useCase.purchaseCreated(TX, 'team_1', purchase(), LATER);
    expect(recorded).toEqual([
      expect.objectContaining({
        trigger: 'purchase.created',
        subjectId: 'pur_1',
        purchaseId: 'pur_1',
        connectionId: 'conn_1',
        points: 43, // (20.50 + 0.99) x 2 = 42.98, rounded up
        itemsSubtotal: '21.49',
        customerValue: null,
      }),
    ]);
  });

  it.each<[string, Partial<IntegrationRow>, Partial<PurchaseDetail>, number]>([
    ['dated before start_date', { startDate: '2026-03-03' }, {}, 0],
    ['dated on start_date', { startDate: '2026-03-02' }, {}, 1],
    ['a simulated purchase, integration without simulated events', {}, { is_simulated: true }, 0],
    ['0 points at a loyalty integration', {}, { items: [] }, 0],
    ['0 points at a marketing integration', { kind: 'marketing' }, { items: [] }, 1],
    ['an inactive trigger', { triggers: ['account.linked'] }, {}, 0],
  ])('purchase.created %s: %p award(s)', async (_name, settings, overrides, count) => {
    const { useCase, recorded } = setup([integration(settings)]);
    await useCase.purchaseCreated(TX, 'team_1', purchase(overrides), LATER);
    expect(recorded).toHaveLength(count);
  });
});
