import { parseConfig } from '@cps/config';
import { CollectionEnv } from './collection.config.js';

describe('sync scheduler config', () => {
  it('has defaults, in production too (no secrets)', () => {
    expect(parseConfig(CollectionEnv, {})).toMatchObject({
      SYNC_SCHEDULER_ENABLED: true,
      SYNC_POLL_INTERVAL_MS: 60_000,
      SYNC_POLL_JITTER: 0.2,
      SYNC_LEASE_MS: 120_000,
      SIMULATED_DATA_PURGE_INTERVAL_MS: 86_400_000,
    });
  });

  it('converts flags and fractions', () => {
    expect(parseConfig(CollectionEnv, { SYNC_SCHEDULER_ENABLED: '0', SYNC_POLL_JITTER: '0.5' })).toMatchObject({
      SYNC_SCHEDULER_ENABLED: false,
      SYNC_POLL_JITTER: 0.5,
    });
  });

  it('wants a lease of at least 3 scheduler ticks', () => {
    expect(() => parseConfig(CollectionEnv, { SYNC_LEASE_MS: '5000', SYNC_SCHEDULER_TICK_MS: '2000' })).toThrow(
      'invalid configuration: SYNC_LEASE_MS must be at least 3 scheduler ticks',
    );
    expect(parseConfig(CollectionEnv, { SYNC_LEASE_MS: '6000', SYNC_SCHEDULER_TICK_MS: '2000' }).SYNC_LEASE_MS).toBe(
      6000,
    );
  });

  it('lists every bad variable', () => {
    expect(() => parseConfig(CollectionEnv, { SYNC_POLL_JITTER: '1', SYNC_DETAIL_CONCURRENCY: '33' })).toThrow(
      'invalid configuration: SYNC_POLL_JITTER must not be greater than 0.9; SYNC_DETAIL_CONCURRENCY must not be greater than 32',
    );
  });
});
