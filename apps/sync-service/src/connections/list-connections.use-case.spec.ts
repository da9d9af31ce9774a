import { RpcRefusal } from '@cps/messaging';
import { type ConnectionEntity } from './connection.entity.js';
import { type ConnectionListFilter, type ConnectionRepository } from './connection.repository.js';
import { ListConnectionsUseCase } from './list-connections.use-case.js';
import { fake } from '@cps/testing/unit';

const AT = new Date('2025-05-01T10:00:00.000Z');
const row = (id: string): ConnectionEntity => ({
  id,
  teamId: 'team_1',
  customerId: 'cust_1',
  retailerId: 'walmart',
  status: 'active',
  email: null,
  mobile: null,
  tags: {},
  isSimulated: false,
  createdAt: AT,
  updatedAt: AT,
});

function setup(rows: ConnectionEntity[]) {
  const calls: Array<{ filter: ConnectionListFilter; limit: number }> = [];
  const repository = fake<ConnectionRepository>({
    findOwned: async (teamId: string, id: string) => rows.find((r) => r.teamId === teamId && r.id === id) ?? null,
    list: async (_teamId: string, filter: ConnectionListFilter, limit: number) => {
      calls.push({ filter, limit });
      return rows.slice(0, limit);
    },
  });
  return { useCase: new ListConnectionsUseCase(repository), calls };
}

describe('ListConnectionsUseCase', () => {
  it.each<[number, number, boolean]>([
    // rows stored, limit, has_more
    [3, 2, true],
    [2, 2, false],
    [0, 5, false],
  ])('%i rows with limit %i: has_more %s', async (stored, limit, hasMore) => {
    const { useCase, calls } = setup(Array.from({ length: stored }, (_, i) => row(`c${i}`)));
    const page = await useCase.execute({ teamId: 'team_1', limit });
    expect(page.has_more).toBe(hasMore);
    expect(page.connections).toHaveLength(Math.min(stored, limit));
    expect(calls[0]?.limit).toBe(limit + 1);
  });

  it('passes the filters on, disconnected as disconnected or revoked', async () => {
    const { useCase, calls } = setup([row('c1')]);
    await useCase.execute({
      teamId: 'team_1',
      customerId: 'cust_1',
      retailerId: 'walmart',
      status: 'disconnected',
      limit: 10,
      startingAfter: 'c1',
    });
    expect(calls[0]?.filter).toEqual({
      customerId: 'cust_1',
      retailerId: 'walmart',
      statuses: ['disconnected', 'revoked'],
      startingAfter: 'c1',
    });
  });

  it.each([
    ['unknown', 'team_1', 'nope'],
    ['foreign', 'team_2', 'c1'],
  ])('refuses an %s starting_after with 422 on query.starting_after', async (_name, teamId, startingAfter) => {
    const { useCase, calls } = setup([row('c1')]);
    const error = await useCase.execute({ teamId, limit: 10, startingAfter }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcRefusal);
    expect((error as RpcRefusal).getError()).toEqual({
      status: 422,
      detail: [
        {
          loc: ['query', 'starting_after'],
          msg: 'starting_after must be the id of one of your connections',
          type: 'value_error',
          input: startingAfter,
        },
      ],
    });
    expect(calls).toEqual([]);
  });
});
