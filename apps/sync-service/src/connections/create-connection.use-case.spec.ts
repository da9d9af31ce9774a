import { RpcRefusal, type EventOutbox } from '@cps/messaging';
import { type Clock } from '@cps/domain';
import { type Transactor } from '@cps/persistence';
import { EntityManager } from 'typeorm';
import { type TeamRetailerEntity } from '../retailers/retailer.entity.js';
import { type TeamRetailerRepository } from '../retailers/team-retailer.repository.js';
import { type NewActivityEntry } from './connection-activity.entity.js';
import { type ConnectionActivityRepository } from './connection-activity.repository.js';
import { type ConnectionEntity } from './connection.entity.js';
import { type ConnectionRepository } from './connection.repository.js';
import { CreateConnectionUseCase } from './create-connection.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters
const ACTOR = { source: 'API', idType: 'client_api_key', idName: 'backend' } as const;

function setup(enabled: Array<[team: string, retailer: string]>) {
  const written = { connections: [] as ConnectionEntity[], activity: [] as NewActivityEntry[], events: [] as string[] };
  const inTx = (tx: EntityManager | undefined) => {
    if (tx !== TX) throw new Error('outside the transaction');
  };
  const useCase = new CreateConnectionUseCase(
    fake<TeamRetailerRepository>({
      find: async (teamId: string, retailerId: string, tx?: EntityManager) => {
        inTx(tx);
        return enabled.some(([t, r]) => t === teamId && r === retailerId) ? ({} as TeamRetailerEntity) : null;
      },
    }),
    fake<ConnectionRepository>({
      insert: async (tx: EntityManager, c: ConnectionEntity) => {
        inTx(tx);
        written.connections.push(c);
      },
    }),
    fake<ConnectionActivityRepository>({
      append: async (tx: EntityManager, entries: NewActivityEntry[]) => {
        inTx(tx);
        written.activity.push(...entries);
      },
    }),
    { run: async <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } satisfies Transactor,
    { now: () => NOW } satisfies Clock,
    fake<EventOutbox>({
      record: async (tx: EntityManager, contract: { subject: string }) => {
        inTx(tx);
        written.events.push(contract.subject);
      },
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

describe('CreateConnectionUseCase', () => {
  it('creates an initialized connection with its tags and a connection_created entry, in one transaction', async () => {
    const { useCase, written } = setup([['team_1', 'walmart']]);
    const connection = await useCase.execute({
      teamId: 'team_1',
      actor: ACTOR,
      customerId: 'cust_1',
      retailerId: 'walmart',
      email: 'a@example.com',
      tags: { utm_source: 'app' },
    });
    expect(connection).toEqual({
      connection_id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      customer_id: 'cust_1',
      retailer_id: 'walmart',
      status: 'initialized',
      email: 'a@example.com',
      mobile: null,
      tags: { utm_source: 'app' },
      is_simulated: false,
      created_at: NOW.toISOString(),
    });
    expect(written.connections).toEqual([expect.objectContaining({ id: connection.connection_id, teamId: 'team_1' })]);
    expect(written.events).toEqual(['sync.connection.changed.v1']);
    expect(written.activity).toEqual([
      expect.objectContaining({
        event: 'connection_created',
        occurredAt: NOW,
        eventSource: 'API',
        sourceIdType: 'client_api_key',
        sourceIdName: 'backend',
        connectionBefore: null,
        connectionAfter: expect.objectContaining({ status: 'initialized', customer_id: 'cust_1' }),
      }),
    ]);
  });

  it.each([
    ['a retailer the team has not enabled', 'team_1', 'target'],
    ['a retailer only another team enabled', 'team_2', 'walmart'],
  ])('refuses %s with 422 and writes nothing', async (_name, teamId, retailerId) => {
    const { useCase, written } = setup([['team_1', 'walmart']]);
    expect(await refusalOf(useCase.execute({ teamId, actor: ACTOR, customerId: 'c', retailerId }))).toEqual({
      status: 422,
      detail: [
        {
          loc: ['body', 'retailer_id'],
          msg: 'retailer is not enabled for this client',
          type: 'value_error',
          input: retailerId,
        },
      ],
    });
    expect(written).toEqual({ connections: [], activity: [], events: [] });
  });
});
