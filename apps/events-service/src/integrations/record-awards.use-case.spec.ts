import { type Connection, type PurchaseDetail } from '@cps/contracts';
import { type Clock } from '@cps/domain';
import { EntityManager } from 'typeorm';
import { fake } from '@cps/testing/unit';
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
  const teamsAsked: string[] = [];
  /** One entry per insertPending call: how many awards it recorded. */
  const inserts: number[] = [];
  const useCase = new RecordAwardsUseCase(
    fake<IntegrationRepository>({
      activeFor: async (_tx, teamId, trigger) => {
        teamsAsked.push(teamId);
        return integrations.filter((i) => i.teamId === teamId && i.triggers.includes(trigger));
      },
    }),
    fake<AwardRepository>({
      insertPending: async (tx: EntityManager, awards: readonly NewAward[]) => {
        if (tx !== TX) throw new Error('outside the consumer transaction');
        inserts.push(awards.length);
        recorded.push(...awards);
      },
    }),
    { now: () => LATER } satisfies Clock,
  );
  return { useCase, recorded, teamsAsked, inserts };
}

const created = (overrides: Partial<PurchaseDetail> = {}, teamId = 'team_1') => ({
  teamId,
  purchase: purchase(overrides),
  occurredAt: LATER,
});

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
    await useCase.purchaseCreatedMany(TX, [created()]);
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
    await useCase.purchaseCreatedMany(TX, [created(overrides)]);
    expect(recorded).toHaveLength(count);
  });

  it("records a group commit's purchases of two teams with one read per team and one insert", async () => {
    const { useCase, recorded, teamsAsked, inserts } = setup([
      integration(),
      integration({ id: 'int_marketing', kind: 'marketing' }),
      integration({ id: 'int_team_2', teamId: 'team_2', pointsPerDollar: '1.0000' }),
    ]);
    await useCase.purchaseCreatedMany(TX, [
      created({ purchase_id: 'pur_1' }),
      created({ purchase_id: 'pur_2' }, 'team_2'),
      created({ purchase_id: 'pur_3', items: [] }), // 0 points: the marketing integration only
      created({ purchase_id: 'pur_4', is_simulated: true }, 'team_2'), // not accepted
    ]);
    expect(teamsAsked).toEqual(['team_1', 'team_2']);
    expect(inserts).toEqual([4]);
    expect(recorded.map((a) => [a.teamId, a.integrationId, a.subjectId, a.points])).toEqual([
      ['team_1', 'int_loyalty', 'pur_1', 43],
      ['team_1', 'int_marketing', 'pur_1', 43],
      ['team_2', 'int_team_2', 'pur_2', 22],
      ['team_1', 'int_marketing', 'pur_3', 0],
    ]);
  });
});
