import { createHash } from 'node:crypto';
import { TtlCache } from '@cps/platform';
import { type ApiKeyCaller } from './principal.js';

export interface ApiKeyCacheOptions {
  ttlMs: number;
  maxSize: number;
}

/** The cache key of an API key: its SHA-256, so raw secrets never sit in memory longer than a request. */
export function apiKeyFingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/**
 * Positive API key verdicts, kept for a short TTL and bounded in size (least recently used goes first).
 * Revocations evict at once and are remembered for a while, so a verdict that was in flight when the
 * key was revoked is not cached (or honoured) afterwards. While the revocation feed is down the cache
 * is suspended: every request is verified with auth-server.
 */
export class ApiKeyCache {
  private readonly entries: TtlCache<string, ApiKeyCaller>;
  private readonly revoked = new Map<string, number>();
  private active = false;

  constructor(
    private readonly options: ApiKeyCacheOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new TtlCache({ ttlMs: options.ttlMs, maxEntries: options.maxSize }, now);
  }

  get size(): number {
    return this.entries.size;
  }

  get(fingerprint: string): ApiKeyCaller | undefined {
    return this.active ? this.entries.get(fingerprint) : undefined;
  }

  set(fingerprint: string, caller: ApiKeyCaller): void {
    if (!this.active || this.options.ttlMs === 0 || this.wasRevoked(caller.keyId)) return;
    this.entries.set(fingerprint, caller);
  }

  /** A key was revoked: drop its verdicts now and refuse to trust it again. Returns how many were dropped. */
  evictKey(keyId: string): number {
    this.pruneRevoked();
    this.revoked.set(keyId, this.now() + this.revocationMemoryMs());
    return this.entries.deleteWhere((caller) => caller.keyId === keyId);
  }

  wasRevoked(keyId: string): boolean {
    const until = this.revoked.get(keyId);
    return until !== undefined && until > this.now();
  }

  /** The revocation feed is live: verdicts may be reused. */
  resume(): void {
    this.active = true;
  }

  /** The revocation feed is down: forget everything and stop caching until it is back. */
  suspend(): void {
    this.active = false;
    this.entries.clear();
  }

  get isActive(): boolean {
    return this.active;
  }

  // Long enough to outlive any verification that was in flight at the revocation, and any cached verdict.
  private revocationMemoryMs(): number {
    return Math.max(this.options.ttlMs, 60_000);
  }

  private pruneRevoked(): void {
    const now = this.now();
    for (const [keyId, until] of this.revoked) if (until <= now) this.revoked.delete(keyId);
  }
}
