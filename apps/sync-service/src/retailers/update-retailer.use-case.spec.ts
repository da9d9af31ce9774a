import { RpcRefusal } from '@cps/messaging';
import { type Clock, type Randomness } from '@cps/domain';
import { type Transactor } from '@cps/persistence';
import { EntityManager } from 'typeorm';
import { type RetailerEntity, type TeamRetailerEntity } from './retailer.entity.js';
import { type RetailerRepository } from './retailer.repository.js';
import { type TeamRetailerRepository } from './team-retailer.repository.js';
import { LINK_ID_LENGTH, UpdateRetailerUseCase } from './update-retailer.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters
const CATALOG: RetailerEntity[] = [
  { id: 'walmart', name: 'Walmart', status: 'active', brandColor: '#0071ce' },
  { id: 'bestbuy', name: 'Best Buy', status: 'inactive', brandColor: '#0046be' },
];

function setup(existing: TeamRetailerEntity[] = []) {
  const rows = [...existing];
  const calls = { enable: 0, disable: 0, update: 0, locks: [] as string[] };
  const inTx = (tx: EntityManager | undefined) => {
    if (tx !== TX) throw new Error('outside the transaction');
  };
  const index = (teamId: string, retailerId: string) =>
    rows.findIndex((row) => row.teamId === teamId && row.retailerId === retailerId);
  const teamRetailers: Partial<TeamRetailerRepository> = {
    lockForChange: async (tx: EntityManager, teamId: string, retailerId: string) => {
      inTx(tx);
      calls.locks.push(`${teamId}/${retailerId}`);
    },
    find: async (teamId: string, retailerId: string, tx?: EntityManager) => {
      inTx(tx);
      return rows[index(teamId, retailerId)] ?? null;
    },
    enable: async (tx: EntityManager, row: TeamRetailerEntity) => {
      inTx(tx);
      calls.enable += 1;
      rows.push(row);
    },
    updateLinkSettings: async (
      tx: EntityManager,
      teamId: string,
      retailerId: string,
      settings: Partial<TeamRetailerEntity>,
    ) => {
      inTx(tx);
      calls.update += 1;
      Object.assign(rows[index(teamId, retailerId)]!, settings);
    },
    disable: async (tx: EntityManager, teamId: string, retailerId: string) => {
      inTx(tx);
      calls.disable += 1;
      if (index(teamId, retailerId) >= 0) rows.splice(index(teamId, retailerId), 1);
    },
  };
  const retailers: Partial<RetailerRepository> = {
    findById: async (id: string) => CATALOG.find((r) => r.id === id) ?? null,
  };
  let links = 0;
  const random = { base62: (length: number) => `${++links}`.padStart(length, 'L'), fraction: () => 0 };
  const useCase = new UpdateRetailerUseCase(
    fake<RetailerRepository>(retailers),
    fake<TeamRetailerRepository>(teamRetailers),
    { run: async <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } satisfies Transactor,
    { now: () => NOW } satisfies Clock,
    random as Randomness,
  );
  return { useCase, rows, calls };
}

const enabledRow = (teamId: string, linkId = 'EXISTING01'): TeamRetailerEntity => ({
  teamId,
  retailerId: 'walmart',
  linkId,
  linkVisibility: 'restricted',
  allowedEmails: ['vip@example.com'],
  allowedDomains: [],
  enabledAt: new Date('2025-01-01T00:00:00.000Z'),
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

describe('UpdateRetailerUseCase', () => {
  it('enables a retailer with a fresh link id and visibility everyone, under the change lock', async () => {
    const { useCase, rows, calls } = setup();
    const result = await useCase.execute('team_1', 'walmart', { enabled: true });
    expect(result).toEqual({
      retailer_id: 'walmart',
      name: 'Walmart',
      status: 'active',
      enabled: true,
      link_id: 'LLLLLLLLL1',
      link_visibility: 'everyone',
      link_audience: { allowed_emails: [], allowed_domains: [] },
    });
    expect(result.link_id).toHaveLength(LINK_ID_LENGTH);
    expect(rows).toEqual([expect.objectContaining({ teamId: 'team_1', retailerId: 'walmart', enabledAt: NOW })]);
    expect(calls.locks).toEqual(['team_1/walmart']);
  });

  it('changes nothing when enabling an enabled retailer', async () => {
    const { useCase, calls } = setup([enabledRow('team_1')]);
    const result = await useCase.execute('team_1', 'walmart', { enabled: true });
    expect(result).toMatchObject({ enabled: true, link_id: 'EXISTING01', link_visibility: 'restricted' });
    expect(calls).toMatchObject({ enable: 0, update: 0 });
  });

  it('disables by removing the configuration; re-enabling issues a new link id and resets the settings', async () => {
    const { useCase, rows } = setup([enabledRow('team_1')]);
    expect(await useCase.execute('team_1', 'walmart', { enabled: false })).toEqual({
      retailer_id: 'walmart',
      name: 'Walmart',
      status: 'active',
      enabled: false,
      link_id: null,
      link_visibility: null,
      link_audience: null,
    });
    expect(rows).toEqual([]);
    const again = await useCase.execute('team_1', 'walmart', { enabled: true });
    expect(again).toMatchObject({
      enabled: true,
      link_visibility: 'everyone',
      link_audience: { allowed_emails: [], allowed_domains: [] },
    });
    expect(again.link_id).not.toBe('EXISTING01');
  });

  it('enables with link settings in the same request', async () => {
    const { useCase, rows } = setup();
    const result = await useCase.execute('team_1', 'walmart', {
      enabled: true,
      linkVisibility: 'restricted',
      linkAudience: { allowedEmails: ['VIP@Example.com'], allowedDomains: ['Shop.Example'] },
    });
    expect(result).toMatchObject({
      enabled: true,
      link_visibility: 'restricted',
      link_audience: { allowed_emails: ['vip@example.com'], allowed_domains: ['shop.example'] },
    });
    expect(rows[0]).toMatchObject({ allowedEmails: ['vip@example.com'], allowedDomains: ['shop.example'] });
  });

  it('replaces the link settings of an enabled retailer and keeps its link id', async () => {
    const { useCase, rows, calls } = setup([enabledRow('team_1')]);
    const result = await useCase.execute('team_1', 'walmart', {
      linkAudience: { allowedEmails: [], allowedDomains: ['example.com'] },
    });
    expect(result).toMatchObject({
      link_id: 'EXISTING01',
      link_visibility: 'restricted',
      link_audience: { allowed_emails: [], allowed_domains: ['example.com'] },
    });
    expect(rows[0]).toMatchObject({ linkId: 'EXISTING01', allowedEmails: [], allowedDomains: ['example.com'] });
    expect(calls.update).toBe(1);
  });

  it('only touches the requesting team', async () => {
    const { useCase, rows } = setup([enabledRow('team_2', 'OTHERTEAM1')]);
    expect(await useCase.execute('team_1', 'walmart', {})).toMatchObject({ enabled: false });
    await useCase.execute('team_1', 'walmart', { enabled: false });
    expect(await refusalOf(useCase.execute('team_1', 'walmart', { linkVisibility: 'hidden' }))).toMatchObject({
      status: 404,
    });
    expect(rows).toEqual([enabledRow('team_2', 'OTHERTEAM1')]);
  });

  it.each([
    ['unknown', 'nosuchshop', { enabled: true }, { status: 404, detail: 'retailer nosuchshop not found' }],
    [
      'inactive',
      'bestbuy',
      { enabled: true },
      { status: 404, detail: 'retailer bestbuy is inactive and cannot be enabled' },
    ],
    [
      'not enabled',
      'walmart',
      { linkVisibility: 'hidden' as const },
      { status: 404, detail: 'retailer walmart is not enabled' },
    ],
  ])('refuses link changes for an %s retailer with 404', async (_kind, retailerId, request, error) => {
    const { useCase, calls } = setup();
    expect(await refusalOf(useCase.execute('team_1', retailerId, request))).toEqual(error);
    expect(calls).toMatchObject({ enable: 0, update: 0, disable: 0 });
  });

  it('refuses invalid requests with 422 and the planner entries, writing nothing', async () => {
    const { useCase, calls } = setup([enabledRow('team_1')]);
    expect(
      await refusalOf(
        useCase.execute('team_1', 'walmart', { linkAudience: { allowedEmails: ['nope'], allowedDomains: [] } }),
      ),
    ).toEqual({
      status: 422,
      detail: [
        {
          loc: ['body', 'link_audience', 'allowed_emails', 0],
          msg: 'value is not a valid email address: an email address must have an @-sign',
          type: 'value_error',
          input: 'nope',
        },
      ],
    });
    expect(
      await refusalOf(useCase.execute('team_1', 'walmart', { enabled: false, linkVisibility: 'everyone' })),
    ).toMatchObject({
      status: 422,
      detail: [{ loc: ['body', 'enabled'] }],
    });
    expect(calls).toMatchObject({ enable: 0, update: 0, disable: 0 });
  });
});
