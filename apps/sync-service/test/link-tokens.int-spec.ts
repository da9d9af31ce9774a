import { createHash } from 'node:crypto';
import { SyncContracts } from '@cps/contracts';
import { TestPlatform } from '@cps/testing';
import type pg from 'pg';
import { API_ACTOR, connectDb, refusalOf } from './support.js';

const DAY_MS = 86_400_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('sync-service: link tokens over NATS', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let teamA: string;
  let teamB: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service'],
    });
    db = await connectDb(platform.databaseUrl);
    teamA = (await platform.admin.createTeam('Tokens A')).team_id;
    teamB = (await platform.admin.createTeam('Tokens B')).team_id;
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  type CreateRequest = Parameters<typeof platform.admin.request<typeof SyncContracts.createLinkToken>>[1];
  const create = (request: Partial<CreateRequest> = {}) =>
    platform.admin.request(SyncContracts.createLinkToken, { teamId: teamA, customer_id: 'cust_1', ...request });
  const list = (customerId: string, status?: 'active' | 'expired' | 'revoked', teamId = teamA) =>
    platform.admin.request(SyncContracts.listLinkTokens, { teamId, customer_id: customerId, status });
  const revoke = (linkToken: string, teamId = teamA) =>
    platform.admin.request(SyncContracts.revokeLinkToken, { teamId, linkToken });

  it('creates an active lt_v1_ token for 30 days by default and stores only its hash', async () => {
    const before = Date.now();
    const created = await create({
      customer_id: 'cust_new',
      email: 'a@example.com',
      mobile: '+15550100',
      tags: { utm_source: 'app' },
    });
    expect(created).toEqual({
      customer_id: 'cust_new',
      status: 'active',
      created_at: expect.any(String),
      expires_at: expect.any(String),
      link_token: expect.stringMatching(/^lt_v1_[A-Za-z0-9_-]{43}$/),
    });
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(30 * DAY_MS);

    const { rows } = await db.query('SELECT * FROM sync.link_tokens WHERE customer_id = $1', ['cust_new']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      team_id: teamA,
      token_hash: sha256(created.link_token),
      email: 'a@example.com',
      mobile: '+15550100',
      tags: { utm_source: 'app' },
      idempotency_key: null,
      token_sealed: null,
    });
    expect(JSON.stringify(rows)).not.toContain(created.link_token.slice(6));
  });

  it('honours expires_in_days and creates a new token for every request without a key', async () => {
    const first = await create({ customer_id: 'cust_days', expires_in_days: 365 });
    const second = await create({ customer_id: 'cust_days', expires_in_days: 1 });
    expect(Date.parse(first.expires_at) - Date.parse(first.created_at)).toBe(365 * DAY_MS);
    expect(Date.parse(second.expires_at) - Date.parse(second.created_at)).toBe(DAY_MS);
    expect(second.link_token).not.toBe(first.link_token);
  });

  describe('idempotency', () => {
    it('returns the same token for an identical retry, sealed at rest', async () => {
      const request = {
        customer_id: 'cust_idem',
        email: 'i@example.com',
        tags: { b: '2', a: '1' },
        idempotencyKey: 'key-1',
      };
      const first = await create(request);
      const retry = await create({ ...request, tags: { a: '1', b: '2' } });
      expect(retry).toEqual(first);
      // Omitted defaults are the same request as spelled-out ones.
      expect(await create({ ...request, expires_in_days: 30, mobile: null })).toEqual(first);
      expect((await list('cust_idem')).link_tokens).toHaveLength(1);

      const { rows } = await db.query(
        'SELECT token_sealed, request_hash FROM sync.link_tokens WHERE customer_id = $1',
        ['cust_idem'],
      );
      expect(rows[0].token_sealed).toMatch(/^v1\./);
      expect(rows[0].token_sealed).not.toContain(first.link_token.slice(6));
      expect(rows[0].request_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each<[string, Partial<CreateRequest>]>([
      ['another customer', { customer_id: 'cust_other' }],
      ['another email', { email: 'other@example.com' }],
      ['another lifetime', { expires_in_days: 7 }],
      ['other tags', { tags: { utm_source: 'x' } }],
    ])('refuses the same key with %s (422 on header.x-service-idempotency-key)', async (_name, change) => {
      const request = { customer_id: 'cust_reuse', email: 'r@example.com', idempotencyKey: `reuse-${_name}` };
      await create(request);
      expect(await refusalOf(create({ ...request, ...change }))).toEqual({
        status: 422,
        detail: [
          {
            loc: ['header', 'x-service-idempotency-key'],
            msg: 'idempotency key reused with a different request',
            type: 'value_error',
          },
        ],
      });
    });

    it('keeps keys per team', async () => {
      const mine = await create({ customer_id: 'cust_keys', idempotencyKey: 'shared-key' });
      const theirs = await create({ teamId: teamB, customer_id: 'cust_keys', idempotencyKey: 'shared-key' });
      expect(theirs.link_token).not.toBe(mine.link_token);
      expect(await create({ teamId: teamB, customer_id: 'cust_keys', idempotencyKey: 'shared-key' })).toEqual(theirs);
    });

    it('answers concurrent identical requests with one token', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => create({ customer_id: 'cust_race', idempotencyKey: 'race-key' })),
      );
      expect(new Set(results.map((r) => r.link_token)).size).toBe(1);
      expect((await list('cust_race')).link_tokens).toHaveLength(1);
    });

    it('returns the current status on a retry after revoking', async () => {
      const first = await create({ customer_id: 'cust_retry_revoked', idempotencyKey: 'revoked-key' });
      await revoke(first.link_token);
      const retry = await create({ customer_id: 'cust_retry_revoked', idempotencyKey: 'revoked-key' });
      expect(retry).toMatchObject({ link_token: first.link_token, status: 'revoked', revoked_at: expect.any(String) });
    });
  });

  describe('listing and status', () => {
    let active: string;
    let expired: string;
    let revoked: string;

    beforeAll(async () => {
      active = (await create({ customer_id: 'cust_list', email: 'secret@example.com' })).link_token;
      expired = (await create({ customer_id: 'cust_list' })).link_token;
      revoked = (await create({ customer_id: 'cust_list' })).link_token;
      await create({ customer_id: 'cust_someone_else' });
      await db.query(
        `UPDATE sync.link_tokens SET created_at = now() - interval '40 days', expires_at = now() - interval '10 days'
          WHERE token_hash = $1`,
        [sha256(expired)],
      );
      await revoke(revoked);
    });

    it('lists one customer newest first with computed status and metadata only', async () => {
      const { link_tokens } = await list('cust_list');
      expect(link_tokens.map((t) => t.status)).toEqual(['revoked', 'active', 'expired']);
      for (const token of link_tokens) {
        expect(Object.keys(token).sort()).toEqual(
          token.status === 'revoked'
            ? ['created_at', 'customer_id', 'expires_at', 'revoked_at', 'status']
            : ['created_at', 'customer_id', 'expires_at', 'status'],
        );
      }
      expect(JSON.stringify(link_tokens)).not.toMatch(/lt_v1_|secret@example\.com/);
    });

    it.each<['active' | 'expired' | 'revoked', number]>([
      ['active', 1],
      ['expired', 1],
      ['revoked', 1],
    ])('filters by status %s', async (status, count) => {
      const { link_tokens } = await list('cust_list', status);
      expect(link_tokens).toHaveLength(count);
      expect(link_tokens.every((t) => t.status === status)).toBe(true);
    });

    it('shows another team nothing', async () => {
      expect(await list('cust_list', undefined, teamB)).toEqual({ link_tokens: [] });
      expect(await list('nobody')).toEqual({ link_tokens: [] });
    });

    it('revokes active, expired and revoked tokens idempotently, keeping the first revoked_at', async () => {
      const first = (await list('cust_list', 'revoked')).link_tokens[0]!;
      expect(await revoke(revoked)).toEqual({ revoked: true });
      expect((await list('cust_list', 'revoked')).link_tokens[0]).toEqual(first);

      expect(await revoke(expired)).toEqual({ revoked: true });
      expect(await revoke(active)).toEqual({ revoked: true });
      const statuses = (await list('cust_list')).link_tokens.map((t) => t.status);
      expect(statuses).toEqual(['revoked', 'revoked', 'revoked']);
    });
  });

  it.each([
    ['an unknown token', `lt_v1_${'A'.repeat(43)}`],
    ['a malformed token', 'not-a-token'],
  ])('refuses to revoke %s with 404', async (_name, token) => {
    expect(await refusalOf(revoke(token))).toEqual({ status: 404, detail: 'link token not found' });
  });

  it("refuses to revoke another team's token with 404 and leaves it active", async () => {
    const theirs = await create({ teamId: teamB, customer_id: 'cust_foreign' });
    expect(await refusalOf(revoke(theirs.link_token, teamA))).toEqual({ status: 404, detail: 'link token not found' });
    expect((await list('cust_foreign', undefined, teamB)).link_tokens.map((t) => t.status)).toEqual(['active']);
  });

  it('leaves connections alone when a token is revoked', async () => {
    await platform.admin.enableRetailer(teamA, 'walmart');
    const connection = await platform.admin.request(SyncContracts.createConnection, {
      teamId: teamA,
      actor: API_ACTOR,
      customer_id: 'cust_conn',
      retailer_id: 'walmart',
    });
    const token = await create({ customer_id: 'cust_conn' });
    await revoke(token.link_token);
    expect(
      await platform.admin.request(SyncContracts.getConnection, {
        teamId: teamA,
        connectionId: connection.connection_id,
      }),
    ).toEqual(connection);
  });

  it('resolves a raw token for the link flow', async () => {
    const token = await create({ customer_id: 'cust_resolve', email: 'r@example.com', tags: { utm_medium: 'email' } });
    expect(await platform.admin.request(SyncContracts.resolveLinkToken, { linkToken: token.link_token })).toEqual({
      teamId: teamA,
      customer_id: 'cust_resolve',
      email: 'r@example.com',
      mobile: null,
      tags: { utm_medium: 'email' },
      status: 'active',
      expires_at: token.expires_at,
    });
    await revoke(token.link_token);
    expect(await platform.admin.request(SyncContracts.resolveLinkToken, { linkToken: token.link_token })).toMatchObject(
      {
        status: 'revoked',
      },
    );
    expect(
      await refusalOf(platform.admin.request(SyncContracts.resolveLinkToken, { linkToken: `lt_v1_${'B'.repeat(43)}` })),
    ).toEqual({ status: 404, detail: 'link token not found' });
  });
});
