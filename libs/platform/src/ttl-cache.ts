export interface TtlCacheOptions {
  /** How long a value is fresh after it is set, unless `set` is given its own expiry. */
  ttlMs: number;
  /** Past this many entries, the least recently used goes first. */
  maxEntries: number;
  /** Keep expired values for `lastKnown` (a fallback while their source cannot answer) until replaced or evicted. */
  keepExpired?: boolean;
}

/**
 * The in-memory cache every service keeps of what it asked another one (a team's profile, an API key's verdict, a
 * verified token): values fresh for a TTL, bounded in size, least recently used evicted first. Time is the
 * injected `now` (milliseconds), so tests and the Clock port drive it.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly options: TtlCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value while fresh (it becomes the most recently used), or undefined. */
  get(key: K, now = this.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) {
      if (this.options.keepExpired) this.entries.set(key, entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The last value set, fresh or (with `keepExpired`) expired. */
  lastKnown(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V, expiresAt = this.now() + this.options.ttlMs): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches; answers how many. */
  deleteWhere(matches: (value: V) => boolean): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value)) {
        this.entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  clear(): void {
    this.entries.clear();
  }
}
