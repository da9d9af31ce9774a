import { LocalTeamBuckets } from './team-buckets.js';

describe('LocalTeamBuckets', () => {
  it("spends a team's budget up to its burst, each team its own", async () => {
    const buckets = new LocalTeamBuckets();
    const limit = { perMinute: 60, burst: 2 };
    const first = await buckets.take('team:a', limit);
    const second = await buckets.take('team:a', limit);
    const third = await buckets.take('team:a', limit);
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
    expect(second).toMatchObject({ limit: 2, remaining: 0 });
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await buckets.take('team:b', limit)).allowed).toBe(true);
  });

  it("takes a changed limit from the team's next request", async () => {
    const buckets = new LocalTeamBuckets();
    await buckets.take('team:a', { perMinute: 60, burst: 1 });
    expect((await buckets.take('team:a', { perMinute: 60, burst: 1 })).allowed).toBe(false);
    expect(await buckets.take('team:a', { perMinute: 600, burst: 100 })).toMatchObject({ allowed: true, limit: 100 });
  });
});
