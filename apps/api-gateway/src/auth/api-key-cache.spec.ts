import { ApiKeyCache, apiKeyFingerprint } from './api-key-cache.js';

const caller = (keyId: string) => ({ teamId: 'team_1', keyId, keyName: `key ${keyId}` });

function cacheAt(options = { ttlMs: 30_000, maxSize: 3 }) {
  const clock = { now: 1_000_000 };
  const cache = new ApiKeyCache(options, () => clock.now);
  cache.resume();
  return { cache, clock };
}

describe('apiKeyFingerprint', () => {
  it('is the SHA-256 of the key, never the key itself', () => {
    const fingerprint = apiKeyFingerprint('sk_test_secret');
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint).not.toContain('secret');
    expect(apiKeyFingerprint('sk_test_secret')).toBe(fingerprint);
    expect(apiKeyFingerprint('sk_test_secreT')).not.toBe(fingerprint);
  });
});

describe('ApiKeyCache', () => {
  it('returns a verdict until its TTL runs out', () => {
    const { cache, clock } = cacheAt();
    cache.set('f1', caller('k1'));
    clock.now += 29_999;
    expect(cache.get('f1')).toEqual(caller('k1'));
    clock.now += 1;
    expect(cache.get('f1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used verdict when full', () => {
    const { cache } = cacheAt();
    cache.set('f1', caller('k1'));
    cache.set('f2', caller('k2'));
    cache.set('f3', caller('k3'));
    cache.get('f1'); // f2 is now the oldest
    cache.set('f4', caller('k4'));
    expect(cache.size).toBe(3);
    expect(cache.get('f2')).toBeUndefined();
    expect(cache.get('f1')).toBeDefined();
    expect(cache.get('f4')).toBeDefined();
  });

  it('evicts every verdict of a revoked key at once', () => {
    const { cache } = cacheAt({ ttlMs: 30_000, maxSize: 10 });
    cache.set('f1', caller('k1'));
    cache.set('f2', caller('k2'));
    expect(cache.evictKey('k1')).toBe(1);
    expect(cache.get('f1')).toBeUndefined();
    expect(cache.get('f2')).toEqual(caller('k2'));
  });

  it('refuses to cache a verdict for a key revoked meanwhile, for a while', () => {
    const { cache, clock } = cacheAt();
    cache.evictKey('k1');
    expect(cache.wasRevoked('k1')).toBe(true);
    cache.set('f1', caller('k1'));
    expect(cache.get('f1')).toBeUndefined();
    clock.now += 60_000;
    expect(cache.wasRevoked('k1')).toBe(false);
  });

  it('caches nothing while the revocation feed is down', () => {
    const { cache } = cacheAt();
    cache.set('f1', caller('k1'));
    cache.suspend();
    expect(cache.get('f1')).toBeUndefined();
    cache.set('f1', caller('k1'));
    expect(cache.size).toBe(0);
    cache.resume();
    cache.set('f1', caller('k1'));
    expect(cache.get('f1')).toEqual(caller('k1'));
  });

  it('caches nothing with a TTL of 0', () => {
    const { cache } = cacheAt({ ttlMs: 0, maxSize: 10 });
    cache.set('f1', caller('k1'));
    expect(cache.get('f1')).toBeUndefined();
  });
});
