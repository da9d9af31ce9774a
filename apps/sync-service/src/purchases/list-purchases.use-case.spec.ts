import { RpcRefusal } from '@cps/messaging';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';
import { type PurchasePageRow, type PurchaseRepository } from './purchase.repository.js';
import { fake } from '@cps/testing/unit';

const purchase = (id: string, date: string): PurchasePageRow => ({
  id,
  date: new Date(date).toISOString(),
  total: '10.00',
  purchase_type: 'online',
});

/** The repository's page of `stored` for team_1's conn_1 (every other connection is unknown). */
function setup(stored: PurchasePageRow[]) {
  const calls: Array<{ startingAfter?: string; limit: number }> = [];
  const purchases = fake<PurchaseRepository>({
    pageForConnection: async (
      teamId: string,
      connectionId: string,
      page: { startingAfter?: string; limit: number },
    ) => {
      if (teamId !== 'team_1' || connectionId !== 'conn_1') return null;
      calls.push(page);
      if (page.startingAfter !== undefined && !stored.some((p) => p.id === page.startingAfter)) return 'bad-cursor';
      return stored.slice(0, page.limit);
    },
  });
  return { useCase: new ListPurchasesUseCase(purchases), calls };
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
    expect(calls).toEqual([{ startingAfter: 'PX', limit: 11 }]);
  });
});
