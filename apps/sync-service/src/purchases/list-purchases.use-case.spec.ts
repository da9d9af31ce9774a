import { RpcRefusal } from '@cps/messaging';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { type ConnectionRepository } from '../connections/connection.repository.js';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';
import { type PurchaseEntity } from './purchase.entity.js';
import { type PurchaseRepository } from './purchase.repository.js';
import { fake } from '../testing/fake.js';

const purchase = (id: string, date: string): PurchaseEntity =>
  ({ id, date: new Date(date), total: '10.00', purchaseType: 'online' }) as PurchaseEntity;

function setup(stored: PurchaseEntity[]) {
  const calls: Array<{ startingAfter?: string; limit: number }> = [];
  const connections = fake<ConnectionRepository>({
    findOwned: async (teamId: string, id: string) =>
      teamId === 'team_1' && id === 'conn_1' ? ({ id } as ConnectionEntity) : null,
  });
  const purchases = fake<PurchaseRepository>({
    belongsTo: async (_teamId: string, _connectionId: string, id: string) => stored.some((p) => p.id === id),
    listForConnection: async (
      _teamId: string,
      _connectionId: string,
      page: { startingAfter?: string; limit: number },
    ) => {
      calls.push(page);
      return stored.slice(0, page.limit);
    },
  });
  return { useCase: new ListPurchasesUseCase(connections, purchases), calls };
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

describe('ListPurchasesUseCase', () => {
  const stored = [
    purchase('P3', '2025-04-03T00:00:00Z'),
    purchase('P2', '2025-04-02T00:00:00Z'),
    purchase('P1', '2025-04-01T00:00:00Z'),
  ];

  it('answers list entries, reading one more row than the page to set has_more', async () => {
    const { useCase, calls } = setup(stored);
    expect(await useCase.execute({ teamId: 'team_1', connectionId: 'conn_1', limit: 2, startingAfter: 'P3' })).toEqual({
      purchases: [
        { purchase_id: 'P3', date: '2025-04-03T00:00:00.000Z', total: '10.00', purchase_type: 'online' },
        { purchase_id: 'P2', date: '2025-04-02T00:00:00.000Z', total: '10.00', purchase_type: 'online' },
      ],
      has_more: true,
    });
    expect(calls).toEqual([{ startingAfter: 'P3', limit: 3 }]);
  });

  it.each([
    ['an unknown connection', 'team_1', 'conn_x'],
    ["another team's connection", 'team_2', 'conn_1'],
  ])('refuses %s with 404', async (_name, teamId, connectionId) => {
    const { useCase } = setup(stored);
    expect(await refusalOf(useCase.execute({ teamId, connectionId, limit: 10 }))).toEqual({
      status: 404,
      detail: `connection ${connectionId} not found`,
    });
  });

  it('refuses a starting_after that is not a purchase of the connection with 422', async () => {
    const { useCase, calls } = setup(stored);
    expect(
      await refusalOf(useCase.execute({ teamId: 'team_1', connectionId: 'conn_1', limit: 10, startingAfter: 'PX' })),
    ).toEqual({
      status: 422,
      detail: [
        {
          loc: ['query', 'starting_after'],
          msg: 'starting_after must be the id of a purchase of this connection',
          type: 'value_error',
          input: 'PX',
        },
      ],
    });
    expect(calls).toEqual([]);
  });
});
