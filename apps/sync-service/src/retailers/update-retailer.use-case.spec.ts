import { RpcRefusal } from '@cps/messaging';
import { type Clock } from '../common/clock.js';
import { type Randomness } from '../common/randomness.js';
import { type RetailerEntity, type TeamRetailerEntity } from './retailer.entity.js';
import { type RetailerRepository } from './retailer.repository.js';
import { type TeamRetailerRepository } from './team-retailer.repository.js';
import { LINK_ID_LENGTH, UpdateRetailerUseCase } from './update-retailer.use-case.js';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const CATALOG: RetailerEntity[] = [
  { id: 'walmart', name: 'Walmart', status: 'active', brandColor: '#0071ce' },
  { id: 'bestbuy', name: 'Best Buy', status: 'inactive', brandColor: '#0046be' },
];

function setup(existing: TeamRetailerEntity[] = []) {
  const rows = [...existing];
  const calls = { enable: 0, disable: 0 };
  const teamRetailers = {
    find: async (teamId: string, retailerId: string) =>
      rows.find((row) => row.teamId === teamId && row.retailerId === retailerId) ?? null,
    enable: async (row: TeamRetailerEntity) => {
      calls.enable += 1;
      if (!rows.some((r) => r.teamId === row.teamId && r.retailerId === row.retailerId)) rows.push(row);
    },
    disable: async (teamId: string, retailerId: string) => {
      calls.disable += 1;
      const index = rows.findIndex((row) => row.teamId === teamId && row.retailerId === retailerId);
      if (index >= 0) rows.splice(index, 1);
    },
  };
  const retailers = { findById: async (id: string) => CATALOG.find((r) => r.id === id) ?? null };
  let links = 0;
  const random = { base62: (length: number) => `${++links}`.padStart(length, 'L'), fraction: () => 0 };
  const useCase = new UpdateRetailerUseCase(
    retailers as unknown as RetailerRepository,
    teamRetailers as unknown as TeamRetailerRepository,
    { now: () => NOW } as Clock,
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
  it('enables a retailer with a fresh link id and visibility everyone', async () => {
    const { useCase, rows } = setup();
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
  });

  it('changes nothing when enabling an enabled retailer', async () => {
    const { useCase, calls } = setup([enabledRow('team_1')]);
    const result = await useCase.execute('team_1', 'walmart', { enabled: true });
    expect(result).toMatchObject({ enabled: true, link_id: 'EXISTING01', link_visibility: 'restricted' });
    expect(calls.enable).toBe(0);
  });

  it('disables by removing the configuration; re-enabling issues a new link id', async () => {
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
    expect(again).toMatchObject({ enabled: true, link_visibility: 'everyone' });
    expect(again.link_id).not.toBe('EXISTING01');
  });

  it('only touches the requesting team', async () => {
    const { useCase, rows } = setup([enabledRow('team_2', 'OTHERTEAM1')]);
    expect(await useCase.execute('team_1', 'walmart', {})).toMatchObject({ enabled: false });
    await useCase.execute('team_1', 'walmart', { enabled: false });
    expect(rows).toEqual([expect.objectContaining({ teamId: 'team_2', linkId: 'OTHERTEAM1' })]);
  });

  it.each([
    ['unknown', 'nosuchshop', { status: 404, detail: 'retailer nosuchshop not found' }],
    ['inactive', 'bestbuy', { status: 404, detail: 'retailer bestbuy is inactive and cannot be enabled' }],
  ])('refuses to enable an %s retailer', async (_kind, retailerId, error) => {
    const { useCase, calls } = setup();
    expect(await refusalOf(useCase.execute('team_1', retailerId, { enabled: true }))).toEqual(error);
    expect(calls.enable).toBe(0);
  });
});
