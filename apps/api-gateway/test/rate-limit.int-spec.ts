import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { DEVELOPMENT_RETAILER_PUSH_SECRET, retailerAccountRef } from '@cps/domain';
import { TestPlatform, type TestTeam } from '@cps/testing';

/**
 * Rate limiting per team, shared by the gateway's replicas (docs/adr/0012-shared-rate-limits.md), with tiny
 * limits: the default from the environment, and a team's own set with the admin CLI.
 */
describe('api-gateway rate limiting', () => {
  let platform: TestPlatform;
  let teamA: TestTeam;
  let teamB: TestTeam;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'api-gateway'],
      replicas: { 'api-gateway': 2 },
      serviceEnv: {
        'api-gateway': {
          RATE_LIMIT_PER_MINUTE: '60',
          RATE_LIMIT_BURST: '3',
          RETAILER_PUSH_RATE_LIMIT_PER_MINUTE: '30',
        },
      },
    });
    teamA = await platform.createTeam('Busy Brand');
    teamB = await platform.createTeam('Quiet Brand');
  });

  afterAll(() => platform?.stop());

  it('answers 429 with Retry-After and RateLimit-* headers once a key has used its burst', async () => {
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await platform.api('/retailers', { apiKey: teamA.apiKey });
      statuses.push(response.status);
      remaining.push(response.headers.get('ratelimit-remaining')!);
      expect(response.headers.get('ratelimit-limit')).toBe('3');
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(remaining).toEqual(['2', '1', '0']);

    const limited = await platform.api('/retailers', { apiKey: teamA.apiKey });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.any(String) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-limit')).toBe('3');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);

    // Another team has a budget of its own.
    expect((await platform.api('/retailers', { apiKey: teamB.apiKey })).status).toBe(200);

    // One request a second comes back.
    await sleep(Number(limited.headers.get('retry-after')) * 1000 + 100);
    expect((await platform.api('/retailers', { apiKey: teamA.apiKey })).status).toBe(200);
  });

  it("limits a retailer's signed pushes by retailer, not by address; bad signatures spend the address's budget", async () => {
    const body = JSON.stringify({ account_ref: retailerAccountRef('walmart', 'nobody@example.com') });
    const push = (retailer: string, signature?: string) => {
      const at = new Date();
      const id = `msg_${Math.random().toString(36).slice(2)}`;
      return platform.api(`/retailer-notifications/${retailer}`, {
        method: 'POST',
        body,
        headers: {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature ?? new Webhook(DEVELOPMENT_RETAILER_PUSH_SECRET).sign(id, at, body),
        },
      });
    };
    // 30 a minute: a burst of 5 per retailer, more than the address's 3.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await push('walmart')).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    const limited = await push('walmart');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.any(String) });
    expect(limited.headers.get('ratelimit-limit')).toBe('5');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another retailer has a budget of its own.
    expect((await push('target')).status).toBe(204);

    // Bad signatures spend the address's budget (3), then the address is refused before its signature is checked.
    const forged: number[] = [];
    for (let i = 0; i < 4; i += 1) forged.push((await push('target', 'v1,Zm9yZ2Vk')).status);
    expect(forged).toEqual([401, 401, 401, 429]);
  });

  it('limits tokens and unknown keys too, before asking anyone about them', async () => {
    const bearer = { authorization: 'Bearer not.a.token' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await platform.api('/retailers', { headers: bearer })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) unknown.push((await platform.api('/retailers', { apiKey: 'cpk_unknown' })).status);
    expect(unknown).toEqual([401, 401, 401, 429]);
  });

  it("shares a team's budget across both gateway replicas, at the team's own limit; other teams are unaffected", async () => {
    const [first, second] = platform.platform.replicas('api-gateway').map((replica) => replica.url);
    const busy = await platform.createTeam('Shared Budget Brand');
    const calm = await platform.createTeam('Calm Brand');
    // A second key of the same team draws on the same budget.
    const secondKey = (await platform.admin.createApiKey(busy.teamId, 'second key')).api_key;
    // One token a minute: nothing comes back during the test, so every figure below is exact.
    await expect(platform.admin.setTeamRateLimit(busy.teamId, 1, 4)).resolves.toMatchObject({
      rate_limit_per_minute: 1,
      rate_limit_burst: 4,
    });

    const get = async (base: string, apiKey: string) => {
      const response = await fetch(`${base}/retailers`, { headers: { 'x-api-key': apiKey } });
      await response.arrayBuffer();
      return {
        status: response.status,
        limit: response.headers.get('ratelimit-limit'),
        remaining: response.headers.get('ratelimit-remaining'),
        retryAfter: response.headers.get('retry-after'),
      };
    };

    const answers = [
      await get(first!, busy.apiKey),
      await get(second!, busy.apiKey),
      await get(first!, secondKey),
      await get(second!, secondKey),
    ];
    expect(answers.map(({ status, limit, remaining }) => [status, limit, remaining])).toEqual([
      [200, '4', '3'],
      [200, '4', '2'],
      [200, '4', '1'],
      [200, '4', '0'],
    ]);
    for (const base of [first!, second!]) {
      const limited = await get(base, busy.apiKey);
      expect(limited).toMatchObject({ status: 429, limit: '4', remaining: '0' });
      expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    }

    // Another team (at the default limit of 3) is untouched on both replicas.
    expect(await get(first!, calm.apiKey)).toMatchObject({ status: 200, limit: '3', remaining: '2' });
    expect(await get(second!, calm.apiKey)).toMatchObject({ status: 200, limit: '3', remaining: '1' });
  });

  it('hands out exactly the bucket to concurrent requests on both replicas (takes batched per replica)', async () => {
    const replicas = platform.platform.replicas('api-gateway').map((replica) => replica.url);
    const team = await platform.createTeam('Concurrent Brand');
    await platform.admin.setTeamRateLimit(team.teamId, 1, 10);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const response = await fetch(`${replicas[index % replicas.length]}/retailers`, {
          headers: { 'x-api-key': team.apiKey },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});
