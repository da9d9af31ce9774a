import { RpcRefusal, type EventMeta, type EventOutbox } from '@cps/messaging';
import { type Clock } from '@cps/domain';
import { type Transactor } from '@cps/persistence';
import { EntityManager } from 'typeorm';
import { type NewActivityEntry } from './connection-activity.entity.js';
import { type ConnectionActivityRepository } from './connection-activity.repository.js';
import { type ConnectionEntity } from './connection.entity.js';
import { type ConnectionChanges, type ConnectionRepository } from './connection.repository.js';
import { DeleteConnectionUseCase } from './delete-connection.use-case.js';
import { UpdateConnectionUseCase } from './update-connection.use-case.js';
import { fake } from '@cps/testing/unit';

const CREATED = new Date('2025-04-01T00:00:00.000Z');
const NOW = new Date('2025-05-01T10:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters
const ACTOR = { source: 'API', idType: 'client_api_key', idName: 'backend' } as const;

const row = (overrides: Partial<ConnectionEntity> = {}): ConnectionEntity => ({
  id: 'conn_1',
  teamId: 'team_1',
  customerId: 'cust_1',
  retailerId: 'walmart',
  status: 'active',
  email: 'a@example.com',
  mobile: null,
  tags: { utm_source: 'app' },
  isSimulated: false,
  createdAt: CREATED,
  updatedAt: CREATED,
  deletedAt: null,
  ...overrides,
});

function setup(rows: ConnectionEntity[]) {
  const written = {
    updates: [] as ConnectionChanges[],
    deleted: [] as string[],
    activity: [] as NewActivityEntry[],
    events: [] as Array<{ subject: string; status: string; teamId?: string }>,
    locked: 0,
  };
  const inTx = (tx: EntityManager | undefined) => {
    if (tx !== TX) throw new Error('outside the transaction');
  };
  const connections = fake<ConnectionRepository>({
    lockOwned: async (tx: EntityManager, teamId: string, id: string) => {
      inTx(tx);
      written.locked += 1;
      return rows.find((c) => c.teamId === teamId && c.id === id && !c.deletedAt) ?? null;
    },
    update: async (tx: EntityManager, _teamId: string, _id: string, changes: ConnectionChanges) => {
      inTx(tx);
      written.updates.push(changes);
    },
    softDelete: async (tx: EntityManager, _teamId: string, id: string) => {
      inTx(tx);
      written.deleted.push(id);
    },
  });
  const activity = fake<ConnectionActivityRepository>({
    append: async (tx: EntityManager, entries: NewActivityEntry[]) => {
      inTx(tx);
      written.activity.push(...entries);
    },
  });
  const transactor = { run: async <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } satisfies Transactor;
  const clock = { now: () => NOW } satisfies Clock;
  const outbox = fake<EventOutbox>({
    record: async (tx: EntityManager, contract: { subject: string }, data: object, meta: EventMeta) => {
      inTx(tx);
      const { status } = (data as { connection: { status: string } }).connection;
      written.events.push({ subject: contract.subject, status, teamId: meta.teamId });
    },
  });
  return {
    update: new UpdateConnectionUseCase(connections, activity, transactor, clock, outbox),
    remove: new DeleteConnectionUseCase(connections, activity, transactor, clock, outbox),
    written,
  };
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

describe('UpdateConnectionUseCase', () => {
  it('writes the changed fields and their activity entries together', async () => {
    const { update, written } = setup([row()]);
    const result = await update.execute({
      teamId: 'team_1',
      connectionId: 'conn_1',
      actor: ACTOR,
      email: null,
      mobile: '+15550100',
      status: 'disconnected',
    });
    expect(result).toMatchObject({
      status: 'disconnected',
      email: null,
      mobile: '+15550100',
      tags: { utm_source: 'app' },
    });
    expect(written.updates).toEqual([
      { customerId: 'cust_1', email: null, mobile: '+15550100', status: 'disconnected', updatedAt: NOW },
    ]);
    expect(
      written.activity.map((e) => [e.event, e.details, e.connectionBefore?.status, e.connectionAfter?.status]),
    ).toEqual([
      ['connection_updated', 'Changed email, mobile', 'active', 'active'],
      ['connection_disconnected', null, 'active', 'disconnected'],
    ]);
    expect(written.activity.every((e) => e.occurredAt === NOW && e.eventSource === 'API')).toBe(true);
    // The read model (mcp-server) follows it: one event, in the same transaction, with the connection as it is now.
    expect(written.events).toEqual([
      { subject: 'sync.connection.changed.v1', status: 'disconnected', teamId: 'team_1' },
    ]);
  });

  it('writes nothing when the request changes nothing', async () => {
    const { update, written } = setup([row({ status: 'disconnected' })]);
    const result = await update.execute({
      teamId: 'team_1',
      connectionId: 'conn_1',
      actor: ACTOR,
      email: 'a@example.com',
      status: 'disconnected',
    });
    expect(result.status).toBe('disconnected');
    expect(written).toMatchObject({ updates: [], activity: [], events: [] });
  });

  it.each([
    ['an unknown connection', 'team_1', 'conn_x'],
    ["another team's connection", 'team_2', 'conn_1'],
  ])('refuses %s with 404', async (_name, teamId, connectionId) => {
    const { update, written } = setup([row()]);
    expect(await refusalOf(update.execute({ teamId, connectionId, actor: ACTOR, email: 'x@example.com' }))).toEqual({
      status: 404,
      detail: `connection ${connectionId} not found`,
    });
    expect(written).toMatchObject({ updates: [], activity: [] });
  });
});

describe('DeleteConnectionUseCase', () => {
  it('records connection_deleted with the connection before, then deletes it', async () => {
    const { remove, written } = setup([row()]);
    expect(await remove.execute('team_1', 'conn_1', ACTOR)).toEqual({ connection_id: 'conn_1', deleted: true });
    expect(written.activity).toEqual([
      expect.objectContaining({
        event: 'connection_deleted',
        occurredAt: NOW,
        connectionBefore: expect.objectContaining({ connection_id: 'conn_1', status: 'active' }),
        connectionAfter: null,
      }),
    ]);
    expect(written.deleted).toEqual(['conn_1']);
    expect(written.events).toEqual([{ subject: 'sync.connection.deleted.v1', status: 'active', teamId: 'team_1' }]);
  });

  it.each([
    ['a deleted connection', [row({ deletedAt: CREATED })], 'team_1'],
    ["another team's connection", [row()], 'team_2'],
  ])('refuses %s with 404', async (_name, rows, teamId) => {
    const { remove, written } = setup(rows);
    expect(await refusalOf(remove.execute(teamId, 'conn_1', ACTOR))).toEqual({
      status: 404,
      detail: 'connection conn_1 not found',
    });
    expect(written).toMatchObject({ deleted: [], activity: [] });
  });
});
