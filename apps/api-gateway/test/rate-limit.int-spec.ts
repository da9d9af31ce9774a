import { setTimeout as sleep } from 'node:timers/promises';
import { TestPlatform, type TestTeam } from '@cps/testing';

/** Rate limiting per API key or token (docs/adr/0005-rate-limiting.md), with a tiny limit. */
describe('api-gateway rate limiting', () => {
  let platform: TestPlatform;
  let teamA: TestTeam;
  let teamB: TestTeam;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'api-gateway'],
      serviceEnv: { 'api-gateway': { RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '3' } },
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

    // Another key has a bucket of its own.
    expect((await platform.api('/retailers', { apiKey: teamB.apiKey })).status).toBe(200);

    // One request a second comes back.
    await sleep(Number(limited.headers.get('retry-after')) * 1000 + 100);
    expect((await platform.api('/retailers', { apiKey: teamA.apiKey })).status).toBe(200);
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
});
