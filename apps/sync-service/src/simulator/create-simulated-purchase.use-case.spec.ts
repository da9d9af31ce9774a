import { PurchaseDetail, SyncContracts, toMessage } from '@cps/contracts';
import { parseMoney, type Clock, type Randomness } from '@cps/domain';
import { RpcRefusal, type EventOutbox } from '@cps/messaging';
import { type Transactor } from '@cps/persistence';
import { EntityManager } from 'typeorm';
import { type ConnectionEntity, type ConnectionStatus } from '../connections/connection.entity.js';
import { type ConnectionRepository } from '../connections/connection.repository.js';
import { type PurchaseWithItems } from '../purchases/purchase.entity.js';
import { type PurchaseRepository } from '../purchases/purchase.repository.js';
import { CreateSimulatedPurchaseUseCase } from './create-simulated-purchase.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters

const connection = (id: string, overrides: Partial<ConnectionEntity> = {}): ConnectionEntity => ({
  id,
  teamId: 'team_1',
  customerId: 'cust_1',
  retailerId: 'target',
  status: 'active',
  email: null,
  mobile: null,
  tags: {},
  isSimulated: true,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

function setup(connections: ConnectionEntity[]) {
  const written = {
    purchases: [] as PurchaseWithItems[],
    events: [] as Array<{ subject: string; data: unknown; meta: unknown }>,
  };
  const inTx = (tx: EntityManager | undefined) => {
    if (tx !== TX) throw new Error('outside the transaction');
  };
  let seed = 11;
  const useCase = new CreateSimulatedPurchaseUseCase(
    fake<ConnectionRepository>({
      findOwned: async (teamId: string, id: string, tx?: EntityManager) => {
        inTx(tx);
        return connections.find((c) => c.teamId === teamId && c.id === id) ?? null;
      },
    }),
    fake<PurchaseRepository>({
      insert: async (tx: EntityManager, p: PurchaseWithItems[]) => {
        inTx(tx);
        written.purchases.push(...p);
      },
    }),
    { run: async <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } satisfies Transactor,
    fake<EventOutbox>({
      record: async (tx: EntityManager, contract: { subject: string }, data: unknown, meta: unknown) => {
        inTx(tx);
        written.events.push({ subject: contract.subject, data, meta });
      },
    }),
    { now: () => NOW } satisfies Clock,
    fake<Randomness>({
      fraction: () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646,
      base62: (length: number) => 'x'.repeat(length),
    }),
  );
  return { useCase, written };
}

async function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcRefusal) return error.getError();
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('CreateSimulatedPurchaseUseCase', () => {
  it('creates a purchase dated now and records purchase.collected with the same detail', async () => {
    const { useCase, written } = setup([connection('conn_1')]);
    const detail = await useCase.execute('team_1', 'conn_1');
    expect(toMessage(PurchaseDetail, detail)).toEqual(detail);
    expect(detail).toMatchObject({
      connection_id: 'conn_1',
      retailer_id: 'target',
      date: NOW.toISOString(),
      currency: 'USD',
      is_simulated: true,
    });
    expect(detail.items.every((item) => item.product === null)).toBe(true);
    expect(detail.item_count).toBe(detail.items.reduce((sum, item) => sum + item.quantity, 0));
    const cents = (field: 'items_subtotal' | 'discounts' | 'shipping' | 'fees' | 'tax' | 'total') =>
      parseMoney(detail[field]);
    expect(cents('total')).toBe(
      cents('items_subtotal') - cents('discounts') + cents('shipping') + cents('fees') + cents('tax'),
    );
    expect(cents('items_subtotal')).toBe(
      detail.items.reduce((sum, item) => sum + parseMoney(item.price) * item.quantity, 0),
    );
    expect(written.purchases).toHaveLength(1);
    const eventId = written.purchases[0]?.purchase.collectedEventId;
    expect(eventId).toEqual(expect.any(String));
    expect(written.purchases[0]?.purchase).toMatchObject({ id: detail.purchase_id, teamId: 'team_1' });
    // The purchase names the event recorded with it (what the reconciliation job checks).
    expect(written.events).toEqual([
      {
        subject: SyncContracts.purchaseCollected.subject,
        data: { purchase: detail },
        meta: { id: eventId, teamId: 'team_1', occurredAt: NOW },
      },
    ]);
  });

  it.each<[string, ConnectionEntity[]]>([
    ['an unknown connection', []],
    ["another team's connection", [connection('conn_1', { teamId: 'team_2' })]],
    ['a real connection', [connection('conn_1', { isSimulated: false })]],
  ])('refuses %s with 404', async (_name, connections) => {
    const { useCase, written } = setup(connections);
    expect(await refusalOf(useCase.execute('team_1', 'conn_1'))).toEqual({
      status: 404,
      detail: 'simulated connection conn_1 not found',
    });
    expect(written.purchases).toEqual([]);
    expect(written.events).toEqual([]);
  });

  it.each<ConnectionStatus>(['initialized', 'unauthenticated', 'disconnected', 'revoked'])(
    'refuses a %s connection with 409',
    async (status) => {
      const { useCase, written } = setup([connection('conn_1', { status })]);
      expect(await refusalOf(useCase.execute('team_1', 'conn_1'))).toEqual({
        status: 409,
        detail: `simulated connection conn_1 is ${status}; only active connections collect purchases`,
      });
      expect(written.events).toEqual([]);
    },
  );
});
