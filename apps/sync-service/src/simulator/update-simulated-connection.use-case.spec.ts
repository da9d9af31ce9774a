import { SyncContracts } from '@cps/contracts';
import { RpcRefusal, type EventOutbox } from '@cps/messaging';
import { type Clock } from '@cps/domain';
import { type Transactor } from '@cps/persistence';
import { EntityManager } from 'typeorm';
import { type NewActivityEntry } from '../connections/connection-activity.entity.js';
import { type ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { type ConnectionEntity, type ConnectionStatus } from '../connections/connection.entity.js';
import { type ConnectionChanges, type ConnectionRepository } from '../connections/connection.repository.js';
import { DeleteConnectionUseCase } from '../connections/delete-connection.use-case.js';
import { UpdateSimulatedConnectionUseCase } from './update-simulated-connection.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters
const ACTOR = { source: 'API', idType: 'client_api_key', idName: 'backend' } as const;

const row = (overrides: Partial<ConnectionEntity> = {}): ConnectionEntity => ({
  id: 'conn_1',
  teamId: 'team_1',
  customerId: 'sim_1',
  retailerId: 'walmart',
  status: 'active',
  email: null,
  mobile: null,
  tags: {},
  isSimulated: true,
  createdAt: NOW,
  updatedAt: NOW,
  deletedAt: null,
  firstLinkedAt: NOW,
  ...overrides,
});

function setup(rows: ConnectionEntity[]) {
  const written = {
    updates: [] as ConnectionChanges[],
    activity: [] as NewActivityEntry[],
    events: [] as Array<{ subject: string; data: unknown }>,
    deleted: [] as string[],
  };
  const connections = fake<ConnectionRepository>({
    lockOwned: async (_tx: EntityManager, teamId: string, id: string) =>
      rows.find((r) => r.teamId === teamId && r.id === id && !r.deletedAt) ?? null,
    update: async (_tx: EntityManager, _t: string, _id: string, changes: ConnectionChanges) => {
      written.updates.push(changes);
    },
    softDelete: async (_tx: EntityManager, _t: string, id: string) => {
      written.deleted.push(id);
    },
  });
  const activity = fake<ConnectionActivityRepository>({
    append: async (_tx: EntityManager, entries: NewActivityEntry[]) => {
      written.activity.push(...entries);
    },
  });
  const transactor = { run: async <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } satisfies Transactor;
  const outbox = fake<EventOutbox>({
    record: async (_tx: EntityManager, contract: { subject: string }, data: unknown) => {
      written.events.push({ subject: contract.subject, data });
    },
  });
  const clock = { now: () => NOW } satisfies Clock;
  return {
    update: new UpdateSimulatedConnectionUseCase(connections, activity, transactor, outbox, clock),
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

describe('UpdateSimulatedConnectionUseCase', () => {
  it.each<[ConnectionStatus, 'active' | 'unauthenticated', string, string, Record<string, unknown>]>([
    [
      'active',
      'unauthenticated',
      'connection_unauthenticated',
      SyncContracts.connectionUnauthenticated.subject,
      { connection: expect.objectContaining({ status: 'unauthenticated', is_simulated: true }) },
    ],
    [
      'unauthenticated',
      'active',
      'connection_reauthenticated',
      SyncContracts.connectionActivated.subject,
      { connection: expect.objectContaining({ status: 'active', is_simulated: true }), firstActivation: false },
    ],
  ])('%s -> %s records %s and emits its event', async (from, to, event, subject, data) => {
    const { update, written } = setup([row({ status: from })]);
    expect(await update.execute({ teamId: 'team_1', connectionId: 'conn_1', actor: ACTOR, status: to })).toMatchObject({
      status: to,
    });
    expect(written.updates).toEqual([{ status: to, updatedAt: NOW }]);
    expect(written.activity).toEqual([expect.objectContaining({ event, eventSource: 'API' })]);
    expect(written.events).toEqual([{ subject, data }]);
  });

  it('changes nothing when the status is already the one asked for', async () => {
    const { update, written } = setup([row({ status: 'unauthenticated' })]);
    await update.execute({ teamId: 'team_1', connectionId: 'conn_1', actor: ACTOR, status: 'unauthenticated' });
    expect(written).toEqual({ updates: [], activity: [], events: [], deleted: [] });
  });

  it.each<[string, ConnectionEntity[], string]>([
    ['a real connection', [row({ isSimulated: false })], 'team_1'],
    ['an unknown connection', [], 'team_1'],
    ["another team's connection", [row()], 'team_2'],
  ])('refuses %s with 404', async (_name, rows, teamId) => {
    const { update, remove, written } = setup(rows);
    const notFound = { status: 404, detail: 'simulated connection conn_1 not found' };
    expect(await refusalOf(update.execute({ teamId, connectionId: 'conn_1', actor: ACTOR, status: 'active' }))).toEqual(
      notFound,
    );
    expect(await refusalOf(remove.execute(teamId, 'conn_1', ACTOR, 'simulated'))).toEqual(notFound);
    expect(written.events).toEqual([]);
    expect(written.deleted).toEqual([]);
  });

  it.each<ConnectionStatus>(['disconnected', 'revoked', 'initialized'])(
    'refuses a %s connection with 409',
    async (status) => {
      const { update } = setup([row({ status })]);
      expect(
        await refusalOf(update.execute({ teamId: 'team_1', connectionId: 'conn_1', actor: ACTOR, status: 'active' })),
      ).toMatchObject({ status: 409 });
    },
  );
});

describe('DeleteConnectionUseCase for the simulator', () => {
  it('records connection_deleted, soft-deletes and records sync.connection.deleted.v1 (the read model drops it)', async () => {
    const { remove, written } = setup([row()]);
    expect(await remove.execute('team_1', 'conn_1', ACTOR, 'simulated')).toEqual({
      connection_id: 'conn_1',
      deleted: true,
    });
    expect(written.activity).toEqual([expect.objectContaining({ event: 'connection_deleted', connectionAfter: null })]);
    expect(written.deleted).toEqual(['conn_1']);
    expect(written.events).toEqual([
      {
        subject: 'sync.connection.deleted.v1',
        data: { connection: expect.objectContaining({ connection_id: 'conn_1' }) },
      },
    ]);
  });
});
