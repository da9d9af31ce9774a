import { TokenBucketLimiter } from './token-bucket-limiter.js';

function limiterAt(options = { perMinute: 60, burst: 3, maxClients: 100 }) {
  const clock = { now: 1_000_000 };
  return { limiter: new TokenBucketLimiter(options, () => clock.now), clock };
}

describe('TokenBucketLimiter', () => {
  it('allows a burst, then refuses with the wait until the next token', () => {
    const { limiter } = limiterAt();
    expect(limiter.take('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 1, retryAfterSeconds: 0 });
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 2 });
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 3 });
    expect(limiter.take('a')).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetSeconds: 3,
      retryAfterSeconds: 1,
    });
  });

  it('refills at the sustained rate, never above the burst', () => {
    const { limiter, clock } = limiterAt();
    for (let i = 0; i < 3; i += 1) limiter.take('a');
    clock.now += 1_000; // one token per second at 60/min
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    clock.now += 3_600_000;
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('keeps clients apart', () => {
    const { limiter } = limiterAt({ perMinute: 60, burst: 1, maxClients: 100 });
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('refused requests take nothing: a client that keeps trying still gets in at the rate', () => {
    const { limiter, clock } = limiterAt({ perMinute: 60, burst: 1, maxClients: 100 });
    limiter.take('a');
    for (let i = 0; i < 9; i += 1) {
      clock.now += 100;
      expect(limiter.take('a').allowed).toBe(false);
    }
    clock.now += 100;
    expect(limiter.take('a').allowed).toBe(true); // 1 s has passed since the last token was taken
  });

  it('forgets the least recently seen client beyond maxClients', () => {
    const { limiter } = limiterAt({ perMinute: 60, burst: 1, maxClients: 2 });
    limiter.take('a');
    limiter.take('b');
    limiter.take('a');
    limiter.take('c');
    expect(limiter.size).toBe(2);
    expect(limiter.take('b').allowed).toBe(true); // b was forgotten: a full bucket again
  });
});
