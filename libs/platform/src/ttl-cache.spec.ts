import { TtlCache } from './ttl-cache.js';

function cacheAt(options: { ttlMs: number; maxEntries: number; keepExpired?: boolean }) {
  const clock = { now: 1_000_000 };
  return { cache: new TtlCache<string, number>(options, () => clock.now), clock };
}

describe('TtlCache', () => {
  it.each<[number, number | undefined]>([
    // ms after set, value read (TTL 1000)
    [0, 1],
    [999, 1],
    [1000, undefined],
    [5000, undefined],
  ])('%i ms after set reads %s', (after, read) => {
    const { cache, clock } = cacheAt({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 1);
    clock.now += after;
    expect(cache.get('a')).toBe(read);
  });

  it('drops an expired entry when read, unless told to keep it as the last known value', () => {
    const dropping = cacheAt({ ttlMs: 1000, maxEntries: 10 });
    const keeping = cacheAt({ ttlMs: 1000, maxEntries: 10, keepExpired: true });
    for (const { cache, clock } of [dropping, keeping]) {
      cache.set('a', 1);
      clock.now += 1000;
      expect(cache.get('a')).toBeUndefined();
    }
    expect([dropping.cache.size, dropping.cache.lastKnown('a')]).toEqual([0, undefined]);
    expect([keeping.cache.size, keeping.cache.lastKnown('a')]).toEqual([1, 1]);
  });

  it('takes an expiry of its own per entry', () => {
    const { cache, clock } = cacheAt({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 1, clock.now + 50);
    clock.now += 50;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used past its size', () => {
    const { cache } = cacheAt({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('deletes one entry, those whose value matches, or all', () => {
    const { cache } = cacheAt({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.deleteWhere((value) => value === 2)).toBe(2);
    cache.set('d', 4);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
