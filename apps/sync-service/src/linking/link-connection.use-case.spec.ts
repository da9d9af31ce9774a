import { SyncContracts } from '@cps/contracts';
import { SecretBox, type Transactor } from '@cps/persistence';
import { type Clock } from '@cps/domain';
import { type EventOutbox } from '@cps/messaging';
import { EntityManager } from 'typeorm';
import { type LinkedAccount, type CollectionStateRepository } from '../collection/collection-state.repository.js';
import { type CollectionWakeup } from '../collection/collection-wakeup.js';
import { type NewActivityEntry } from '../connections/connection-activity.entity.js';
import { type ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { type ConnectionChanges, type ConnectionRepository } from '../connections/connection.repository.js';
import { type LinkTokenEntity } from '../link-tokens/link-token.entity.js';
import { type LinkTokenRepository } from '../link-tokens/link-token.repository.js';
import { RetailerCredentialVault } from '../retailer-adapters/retailer-credential-vault.js';
import { type TeamRetailerEntity } from '../retailers/retailer.entity.js';
import { type TeamRetailerRepository } from '../retailers/team-retailer.repository.js';
import { LinkConnectionUseCase } from './link-connection.use-case.js';
import { type LinkSessionFlow } from './link-session-flow.js';
import { type LinkSessionChanges, type LinkSessionEntity } from './link-session.entity.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const EARLIER = new Date('2026-01-01T00:00:00.000Z');
// A stand-in: only its identity matters, and the advisory lock is the only raw query of the use case.
const TX = Object.assign(Object.create(EntityManager.prototype) as EntityManager, { query: async () => [] });
const vault = new RetailerCredentialVault(new SecretBox(Buffer.alloc(32, 9).toString('base64')));
const CREDENTIALS = { email: 'jo@example.com', password: 'hunter2!' };
const RETAILER_SESSION = { token: 'session-token', expiresAt: null };

const session = (overrides: Partial<LinkSessionEntity> = {}): LinkSessionEntity => ({
  id: 'ls_1',
  secretHash: 'f'.repeat(64),
  teamId: 'team_1',
  entry: 'link_token',
  linkTokenId: 'lt_1',
  customerId: 'cust_1',
  email: 'jo@example.com',
  mobile: null,
  tags: { campaign: 'spring' },
  fixedRetailerId: null,
  targetConnectionId: null,
  redirectUrl: null,
  state: 'sign_in',
  retailerId: 'walmart',
  errorCode: null,
  errorRetryable: false,
  attemptsLeft: null,
  failedSignIns: 0,
  credentialsSealed: null,
  challengeSealed: null,
  codeSentTo: null,
  sharingWindowDays: 90,
  connectionId: null,
  version: 3,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  expiresAt: new Date(NOW.getTime() + 60_000),
  ...overrides,
});

const existing = (overrides: Partial<ConnectionEntity>): ConnectionEntity => ({
  id: 'conn_old',
  teamId: 'team_1',
  customerId: 'cust_1',
  retailerId: 'walmart',
  status: 'unauthenticated',
  email: 'jo@example.com',
  mobile: null,
  tags: { from: 'api' },
  isSimulated: false,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  deletedAt: null,
  firstLinkedAt: EARLIER,
  ...overrides,
});

interface Scenario {
  reusable?: ConnectionEntity | null;
  target?: ConnectionEntity | null;
  enabled?: boolean;
  token?: Partial<LinkTokenEntity> | null;
  /** Credentials already stored for the connection (a re-link). */
  storedEmail?: string;
}

function setup(scenario: Scenario = {}) {
  const written = {
    inserted: [] as ConnectionEntity[],
    updated: [] as ConnectionChanges[],
    activity: [] as NewActivityEntry[],
    events: [] as Array<{ subject: string; data: unknown }>,
    accounts: [] as LinkedAccount[],
    session: [] as LinkSessionChanges[],
    woken: 0,
  };
  const inTx = (tx: EntityManager | undefined) => {
    if (tx !== TX) throw new Error('outside the transaction');
  };
  const useCase = new LinkConnectionUseCase(
    fake<TeamRetailerRepository>({
      find: async (_t: string, _r: string, tx?: EntityManager) => (
        inTx(tx),
        scenario.enabled === false ? null : ({} as TeamRetailerEntity)
      ),
    }),
    fake<LinkTokenRepository>({
      findOwned: async () =>
        scenario.token === null
          ? null
          : ({
              expiresAt: new Date(NOW.getTime() + 86_400_000),
              revokedAt: null,
              ...scenario.token,
            } as LinkTokenEntity),
    }),
    fake<ConnectionRepository>({
      insert: async (tx: EntityManager, connection: ConnectionEntity) => {
        inTx(tx);
        written.inserted.push(connection);
      },
      update: async (tx: EntityManager, _t: string, _id: string, changes: ConnectionChanges) => {
        inTx(tx);
        written.updated.push(changes);
      },
      lockOwned: async () => scenario.target ?? null,
      lockReusableForLink: async () => scenario.reusable ?? null,
    }),
    fake<ConnectionActivityRepository>({
      append: async (tx: EntityManager, entries: NewActivityEntry[]) => {
        inTx(tx);
        written.activity.push(...entries);
      },
    }),
    fake<CollectionStateRepository>({
      lockCredentials: async (_tx: EntityManager, connectionId: string) =>
        scenario.storedEmail
          ? vault.sealCredentials(connectionId, { email: scenario.storedEmail, password: 'x' })
          : null,
      saveLinkedAccount: async (tx: EntityManager, account: LinkedAccount) => {
        inTx(tx);
        written.accounts.push(account);
      },
    }),
    vault,
    fake<LinkSessionFlow>({
      save: async (current: LinkSessionEntity, changes: LinkSessionChanges) => {
        written.session.push(changes);
        return { ...current, ...changes };
      },
    }),
    { run: async <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } satisfies Transactor,
    fake<EventOutbox>({
      record: async (tx: EntityManager, contract: { subject: string }, data: unknown) => {
        inTx(tx);
        written.events.push({ subject: contract.subject, data });
      },
    }),
    { wake: () => (written.woken += 1) } satisfies CollectionWakeup,
    { now: () => NOW } satisfies Clock,
  );
  return { written, link: (s = session()) => useCase.execute(s, CREDENTIALS, RETAILER_SESSION) };
}

describe('LinkConnectionUseCase', () => {
  it('creates the connection with the token tags, activates it, stores the account sealed, and polls now', async () => {
    const { written, link } = setup();
    const result = await link();
    expect(result).toMatchObject({ state: 'succeeded', connectionId: written.inserted[0]!.id });
    expect(written.inserted).toEqual([
      expect.objectContaining({
        customerId: 'cust_1',
        status: 'active',
        tags: { campaign: 'spring' },
        email: 'jo@example.com',
        isSimulated: false,
        firstLinkedAt: NOW,
        historyWindowDays: 90, // the shopper's answer in the consent step
      }),
    ]);
    expect(written.activity.map((e) => [e.event, e.eventSource, e.connectionAfter?.status])).toEqual([
      ['connection_created', 'Consumer', 'initialized'],
      ['connection_activated', 'Consumer', 'active'],
    ]);
    expect(written.events).toEqual([
      {
        subject: SyncContracts.connectionActivated.subject,
        data: {
          connection: expect.objectContaining({ status: 'active', tags: { campaign: 'spring' } }),
          firstActivation: true,
        },
      },
      {
        subject: SyncContracts.connectionSharingChanged.subject,
        data: {
          connectionId: written.inserted[0]!.id,
          historyWindowDays: 90,
          historyStart: new Date(NOW.getTime() - 90 * 86_400_000).toISOString(),
        },
      },
    ]);
    const [account] = written.accounts;
    expect(account).toMatchObject({ resetCursor: true, now: NOW });
    expect(vault.openCredentials(account!.connectionId, account!.credentialsSealed)).toEqual(CREDENTIALS);
    expect(JSON.stringify(written)).not.toContain('hunter2!');
    expect(written.session[0]).toMatchObject({ credentialsSealed: null, challengeSealed: null });
    expect(written.woken).toBe(1);
  });

  it('re-authenticates an unauthenticated connection: active again, first_activation false, same cursor', async () => {
    const { written, link } = setup({ reusable: existing({}), storedEmail: 'JO@example.com' });
    await link();
    expect(written.inserted).toEqual([]);
    expect(written.updated).toEqual([
      { status: 'active', firstLinkedAt: EARLIER, historyWindowDays: 90, updatedAt: NOW },
    ]);
    expect(written.activity.map((e) => e.event)).toEqual(['connection_reauthenticated']);
    expect(written.events).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ firstActivation: false }) }),
      {
        subject: SyncContracts.connectionSharingChanged.subject,
        data: {
          connectionId: 'conn_old',
          historyWindowDays: 90,
          historyStart: new Date(EARLIER.getTime() - 90 * 86_400_000).toISOString(),
        },
      },
    ]);
    expect(written.accounts[0]).toMatchObject({ connectionId: 'conn_old', resetCursor: false });
  });

  it('starts the history again when another retailer account is linked to the connection', async () => {
    const { written, link } = setup({ reusable: existing({}), storedEmail: 'someone.else@example.com' });
    await link();
    expect(written.accounts[0]).toMatchObject({ resetCursor: true });
  });

  it('activates a connection created through the API for the first time', async () => {
    const { written, link } = setup({ reusable: existing({ status: 'initialized', firstLinkedAt: null }) });
    await link();
    expect(written.activity.map((e) => e.event)).toEqual(['connection_activated']);
    expect(written.events[0]!.data).toMatchObject({ firstActivation: true, connection: { tags: { from: 'api' } } });
  });

  it('renews the sign-in of an active connection with the sharing preference chosen now, announced alone', async () => {
    const { written, link } = setup({ reusable: existing({ status: 'active' }) });
    expect(await link(session({ sharingWindowDays: 0 }))).toMatchObject({
      state: 'succeeded',
      connectionId: 'conn_old',
    });
    expect(written.updated).toEqual([{ historyWindowDays: 0 }]);
    expect(written.events).toEqual([
      {
        subject: SyncContracts.connectionSharingChanged.subject,
        data: { connectionId: 'conn_old', historyWindowDays: 0, historyStart: EARLIER.toISOString() },
      },
    ]);
    expect(written.activity.map((e) => e.event)).toEqual(['connection_reauthenticated']);
    expect(written.accounts).toHaveLength(1);
  });

  it.each<[string, Scenario, LinkSessionEntity, string]>([
    ['the retailer was disabled meanwhile', { enabled: false }, session(), 'link_unavailable'],
    ['the link token was revoked meanwhile', { token: { revokedAt: EARLIER } }, session(), 'link_unavailable'],
    [
      'the connection to re-authenticate was deleted meanwhile',
      { target: null },
      session({ entry: 'reauthentication', targetConnectionId: 'conn_gone' }),
      'connection_unavailable',
    ],
    [
      'the connection to re-authenticate was disconnected meanwhile',
      { target: existing({ status: 'disconnected' }) },
      session({ entry: 'reauthentication', targetConnectionId: 'conn_old' }),
      'connection_unavailable',
    ],
  ])('ends in a non-retryable error when %s', async (_name, scenario, linkSession, code) => {
    const { written, link } = setup(scenario);
    expect(await link(linkSession)).toMatchObject({ state: 'error', errorCode: code, errorRetryable: false });
    expect(written.events).toEqual([]);
    expect(written.accounts).toEqual([]);
    expect(written.woken).toBe(0);
  });

  it('never reuses an existing connection for a static link_url', async () => {
    const { written, link } = setup({ reusable: existing({ status: 'active' }) });
    await link(session({ entry: 'link_url', linkTokenId: null }));
    expect(written.inserted).toHaveLength(1);
  });
});
