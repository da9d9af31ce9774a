import { RpcRefusal } from '@cps/messaging';
import { sha256 } from '@cps/persistence';
import { type Clock } from '@cps/domain';
import { type LinkTokenEntity } from './link-token.entity.js';
import { type LinkTokenRepository } from './link-token.repository.js';
import { ListLinkTokensUseCase } from './list-link-tokens.use-case.js';
import { ResolveLinkTokenUseCase } from './resolve-link-token.use-case.js';
import { RevokeLinkTokenUseCase } from './revoke-link-token.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const token = (char: string) => `lt_v1_${char.repeat(43)}`;

const row = (raw: string, overrides: Partial<LinkTokenEntity>): LinkTokenEntity => ({
  id: raw,
  teamId: 'team_1',
  tokenHash: sha256(raw),
  customerId: 'cust_1',
  email: 'a@example.com',
  mobile: null,
  tags: { utm_source: 'app' },
  createdAt: new Date('2025-04-01T00:00:00.000Z'),
  expiresAt: new Date('2025-06-01T00:00:00.000Z'),
  revokedAt: null,
  idempotencyKey: null,
  requestHash: null,
  tokenSealed: null,
  ...overrides,
});

function setup(rows: LinkTokenEntity[]) {
  const repository = fake<LinkTokenRepository>({
    listForCustomer: async (teamId: string, customerId: string) =>
      rows.filter((r) => r.teamId === teamId && r.customerId === customerId),
    revokeOwned: async (teamId: string, tokenHash: string, at: Date) => {
      const found = rows.find((r) => r.teamId === teamId && r.tokenHash === tokenHash);
      if (!found) return null;
      found.revokedAt ??= at;
      return { revokedAt: found.revokedAt };
    },
    findByHashAcrossTeams: async (tokenHash: string) => rows.find((r) => r.tokenHash === tokenHash) ?? null,
  });
  const clock = { now: () => NOW } satisfies Clock;
  return {
    list: new ListLinkTokensUseCase(repository, clock),
    revoke: new RevokeLinkTokenUseCase(repository, clock),
    resolve: new ResolveLinkTokenUseCase(repository, clock),
    rows,
  };
}

const ROWS = () => [
  row(token('A'), { createdAt: new Date('2025-04-03T00:00:00.000Z') }),
  row(token('B'), { expiresAt: new Date('2025-04-30T00:00:00.000Z') }),
  row(token('C'), { revokedAt: new Date('2025-04-15T00:00:00.000Z') }),
  row(token('D'), { teamId: 'team_2' }),
];

async function refusalOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcRefusal) return error.getError();
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('ListLinkTokensUseCase', () => {
  it.each<[string, 'active' | 'expired' | 'revoked' | undefined, string[]]>([
    ['all statuses', undefined, ['active', 'expired', 'revoked']],
    ['active', 'active', ['active']],
    ['expired', 'expired', ['expired']],
    ['revoked', 'revoked', ['revoked']],
  ])('lists %s with metadata only', async (_name, status, statuses) => {
    const { list } = setup(ROWS());
    const { link_tokens } = await list.execute('team_1', 'cust_1', status);
    expect(link_tokens.map((t) => t.status)).toEqual(statuses);
    expect(JSON.stringify(link_tokens)).not.toMatch(/lt_v1_|a@example\.com|utm_source/);
  });
});

describe('RevokeLinkTokenUseCase', () => {
  it.each([
    ['an active token', 'A'],
    ['an expired token', 'B'],
    ['a revoked token (keeping its first revoked_at)', 'C'],
  ])('revokes %s', async (_name, char) => {
    const { revoke, rows } = setup(ROWS());
    const before = rows.find((r) => r.id === token(char))!.revokedAt;
    expect(await revoke.execute('team_1', token(char))).toEqual({ revoked: true });
    expect(rows.find((r) => r.id === token(char))!.revokedAt).toEqual(before ?? NOW);
  });

  it.each([
    ['unknown', token('Z')],
    ['foreign', token('D')],
    ['malformed', 'lt_v1_short'],
  ])('refuses an %s token with 404', async (_name, raw) => {
    const { revoke, rows } = setup(ROWS());
    expect(await refusalOf(revoke.execute('team_1', raw))).toEqual({ status: 404, detail: 'link token not found' });
    expect(rows.find((r) => r.id === token('D'))!.revokedAt).toBeNull();
  });
});

describe('ResolveLinkTokenUseCase', () => {
  it('answers the team, customer, prefill and current status of a raw token', async () => {
    const { resolve } = setup(ROWS());
    expect(await resolve.execute(token('D'))).toEqual({
      teamId: 'team_2',
      customer_id: 'cust_1',
      email: 'a@example.com',
      mobile: null,
      tags: { utm_source: 'app' },
      status: 'active',
      expires_at: '2025-06-01T00:00:00.000Z',
    });
    expect((await resolve.execute(token('B'))).status).toBe('expired');
  });

  it.each([token('Z'), 'garbage'])('refuses %s with 404', async (raw) => {
    const { resolve } = setup(ROWS());
    expect(await refusalOf(resolve.execute(raw))).toEqual({ status: 404, detail: 'link token not found' });
  });
});
