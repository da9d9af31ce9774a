import { Connection, SyncContracts, toMessage, type Actor } from '@cps/contracts';
import { RpcRefusal, type EventOutbox } from '@cps/messaging';
import { type Clock, type Randomness } from '@cps/domain';
import { type Transactor } from '@cps/persistence';
import { EntityManager } from 'typeorm';
import { type NewActivityEntry } from '../connections/connection-activity.entity.js';
import { type ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { type ConnectionRepository } from '../connections/connection.repository.js';
import { type PurchaseWithItems } from '../purchases/purchase.entity.js';
import { type PurchaseRepository } from '../purchases/purchase.repository.js';
import { type RetailerEntity } from '../retailers/retailer.entity.js';
import { type RetailerRepository } from '../retailers/retailer.repository.js';
import {
  CreateSimulatedConnectionUseCase,
  type CreateSimulatedConnectionCommand,
} from './create-simulated-connection.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters
const ACTOR: Actor = { source: 'API', idType: 'client_api_key', idName: 'Production key' };
const CATALOG: RetailerEntity[] = [
  { id: 'walmart', name: 'Walmart', status: 'active', brandColor: '#0071ce' },
  { id: 'walgreens', name: 'Walgreens', status: 'limited', brandColor: '#e31837' },
  { id: 'amazon', name: 'Amazon', status: 'active', brandColor: '#ff9900' },
  { id: 'bestbuy', name: 'Best Buy', status: 'inactive', brandColor: '#0046be' },
];

function setup() {
  const written = {
    connections: [] as ConnectionEntity[],
    activity: [] as NewActivityEntry[],
    purchases: [] as PurchaseWithItems[],
    events: [] as Array<{ subject: string; data: unknown; meta: unknown }>,
    transactions: 0,
  };
  const inTx = (tx: EntityManager) => {
    if (tx !== TX) throw new Error('written outside the transaction');
  };
  let seed = 7;
  const useCase = new CreateSimulatedConnectionUseCase(
    fake<RetailerRepository>({
      findById: async (id: string) => CATALOG.find((r) => r.id === id) ?? null,
    }),
    fake<ConnectionRepository>({
      insert: async (tx: EntityManager, c: ConnectionEntity) => {
        inTx(tx);
        written.connections.push(c);
      },
    }),
    fake<ConnectionActivityRepository>({
      append: async (tx: EntityManager, e: NewActivityEntry[]) => {
        inTx(tx);
        written.activity.push(...e);
      },
    }),
    fake<PurchaseRepository>({
      insert: async (tx: EntityManager, p: PurchaseWithItems[]) => {
        inTx(tx);
        written.purchases.push(...p);
      },
    }),
    {
      run: async <T>(work: (tx: EntityManager) => Promise<T>) => {
        written.transactions += 1;
        return work(TX);
      },
    } satisfies Transactor,
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

const command = (overrides: Partial<CreateSimulatedConnectionCommand> = {}): CreateSimulatedConnectionCommand => ({
  teamId: 'team_1',
  actor: ACTOR,
  retailerId: 'walmart',
  includePurchases: true,
  ...overrides,
});

async function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcRefusal) return error.getError();
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('CreateSimulatedConnectionUseCase', () => {
  it('creates an active simulated connection with defaults', async () => {
    const { useCase, written } = setup();
    const connection = await useCase.execute(command());
    expect(toMessage(Connection, connection)).toEqual(connection);
    expect(connection).toMatchObject({
      customer_id: 'sim_xxxxxxxxxxxxxxxx',
      retailer_id: 'walmart',
      status: 'active',
      email: null,
      mobile: null,
      tags: {},
      is_simulated: true,
      created_at: NOW.toISOString(),
    });
    expect(connection.connection_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(written.connections).toEqual([
      expect.objectContaining({ id: connection.connection_id, teamId: 'team_1', status: 'active', isSimulated: true }),
    ]);
  });

  it('keeps the given customer id, email and mobile', async () => {
    const { useCase } = setup();
    const connection = await useCase.execute(
      command({ customerId: 'cust_42', email: 'shopper@example.com', mobile: '+15555550100' }),
    );
    expect(connection).toMatchObject({ customer_id: 'cust_42', email: 'shopper@example.com', mobile: '+15555550100' });
  });

  it('logs created then activated, attributed to the actor, without tags', async () => {
    const { useCase, written } = setup();
    const connection = await useCase.execute(command({ customerId: 'cust_42' }));
    const snapshot = (status: string) => ({
      connection_id: connection.connection_id,
      customer_id: 'cust_42',
      retailer_id: 'walmart',
      status,
      email: null,
      mobile: null,
    });
    expect(written.activity).toEqual([
      expect.objectContaining({
        teamId: 'team_1',
        connectionId: connection.connection_id,
        event: 'connection_created',
        occurredAt: NOW,
        eventSource: 'API',
        sourceIdType: 'client_api_key',
        sourceIdName: 'Production key',
        connectionBefore: null,
        connectionAfter: snapshot('initialized'),
      }),
      expect.objectContaining({
        event: 'connection_activated',
        eventSource: 'API',
        connectionBefore: snapshot('initialized'),
        connectionAfter: snapshot('active'),
      }),
    ]);
  });

  it('records connection.activated (first activation) in the same transaction', async () => {
    const { useCase, written } = setup();
    const connection = await useCase.execute(command({ includePurchases: false }));
    expect(written.transactions).toBe(1);
    expect(written.events).toEqual([
      {
        subject: SyncContracts.connectionActivated.subject,
        data: { connection, firstActivation: true },
        meta: { teamId: 'team_1', occurredAt: NOW },
      },
    ]);
  });

  it('back-dates 1-4 simulated purchases inside the last 30 days and announces each after the activation', async () => {
    const { useCase, written } = setup();
    const connection = await useCase.execute(command());
    expect(written.purchases.length).toBeGreaterThanOrEqual(1);
    expect(written.purchases.length).toBeLessThanOrEqual(4);
    for (const { purchase, items } of written.purchases) {
      expect(purchase).toMatchObject({
        teamId: 'team_1',
        connectionId: connection.connection_id,
        retailerId: 'walmart',
        isSimulated: true,
      });
      expect(purchase.date.getTime()).toBeLessThan(NOW.getTime());
      expect(purchase.date.getTime()).toBeGreaterThan(NOW.getTime() - 30 * 86_400_000);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item.purchaseId).toBe(purchase.id);
    }
    // The first link's history: each purchase emits purchase.created, like a real first link (ADR 0014).
    expect(written.events.map((e) => e.subject)).toEqual([
      SyncContracts.connectionActivated.subject,
      ...written.purchases.map(() => SyncContracts.purchaseCollected.subject),
    ]);
    written.purchases.forEach(({ purchase }, index) => {
      const event = written.events[index + 1]!;
      expect(event.meta).toEqual({ id: purchase.collectedEventId, teamId: 'team_1', occurredAt: NOW });
      expect(event.data).toMatchObject({ purchase: { purchase_id: purchase.id, is_simulated: true } });
    });
  });

  it('stores no purchases when include_purchases is false', async () => {
    const { useCase, written } = setup();
    await useCase.execute(command({ includePurchases: false }));
    expect(written.purchases).toEqual([]);
  });

  it('gives online-only retailers online purchases only', async () => {
    const { useCase, written } = setup();
    for (let i = 0; i < 5; i += 1) await useCase.execute(command({ retailerId: 'amazon' }));
    expect(new Set(written.purchases.map(({ purchase }) => purchase.purchaseType))).toEqual(new Set(['online']));
  });

  it('accepts a limited retailer', async () => {
    const { useCase } = setup();
    await expect(useCase.execute(command({ retailerId: 'walgreens' }))).resolves.toMatchObject({
      retailer_id: 'walgreens',
    });
  });

  it.each([
    ['an unknown retailer', 'nosuchshop', 'retailer nosuchshop not found'],
    [
      'an inactive retailer',
      'bestbuy',
      'retailer bestbuy is inactive; simulated connections need an available retailer',
    ],
  ])('refuses %s with 404 and writes nothing', async (_name, retailerId, detail) => {
    const { useCase, written } = setup();
    expect(await refusalOf(useCase.execute(command({ retailerId })))).toEqual({ status: 404, detail });
    expect(written.transactions).toBe(0);
  });
});
