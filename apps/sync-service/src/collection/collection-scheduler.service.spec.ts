import { type ServiceMetrics } from '@cps/observability';
import { Registry } from 'prom-client';
import { fake } from '@cps/testing/unit';
import { CollectionMetrics } from './collection-metrics.js';
import { CollectionScheduler } from './collection-scheduler.service.js';
import { type CollectionClaim, type CollectionStateRepository } from './collection-state.repository.js';
import { type CollectionConfig } from './collection.config.js';
import { type PollConnectionUseCase, type PollResult } from './poll-connection.use-case.js';

const claim = (connectionId: string): CollectionClaim => ({
  connectionId,
  teamId: 'team_1',
  retailerId: 'walmart',
  credentialsSealed: 'sealed',
  credentialsVersion: 1,
  sessionSealed: null,
  cursor: null,
  consecutiveFailures: 0,
});

describe('CollectionScheduler', () => {
  it('never claims a connection again while its previous poll in this process is still winding down', async () => {
    const busyPerPass: string[][] = [];
    const released: string[] = [];
    let finishPoll!: (result: PollResult) => void;
    let due = [claim('conn_1')];
    const states = fake<CollectionStateRepository>({
      claimDue: async (_owner: string, _limit: number, _leaseMs: number, busy: string[]) => {
        busyPerPass.push(busy);
        const claims = due.filter((c) => !busy.includes(c.connectionId));
        due = due.filter((c) => busy.includes(c.connectionId));
        return claims;
      },
      release: async (connectionId: string) => void released.push(connectionId),
      renewLease: async () => true,
    });
    const poll = fake<PollConnectionUseCase>({
      execute: (_claim: CollectionClaim, _owner: string, signal: AbortSignal) =>
        new Promise<PollResult>((resolve) => {
          finishPoll = resolve;
          signal.addEventListener('abort', () =>
            resolve({ outcome: 'lease_lost', listed: 0, stored: 0, published: 0 }),
          );
        }),
    });
    const config = {
      SYNC_SCHEDULER_ENABLED: true,
      SYNC_SCHEDULER_TICK_MS: 5,
      SYNC_POLL_CONCURRENCY: 4,
      SYNC_LEASE_MS: 60_000,
    } as CollectionConfig;
    const scheduler = new CollectionScheduler(
      states,
      poll,
      new CollectionMetrics(fake<ServiceMetrics>({ registry: new Registry() })),
      config,
    );
    scheduler.onApplicationBootstrap();
    try {
      await waitFor(() => busyPerPass.length >= 1);
      // The poll is due again at once (a push came in) while the first one is still running.
      due = [claim('conn_1')];
      const passes = busyPerPass.length;
      await waitFor(() => busyPerPass.length > passes + 1);
      expect(busyPerPass.at(-1)).toEqual(['conn_1']);
      expect(due).toHaveLength(1);

      finishPoll({ outcome: 'ok', listed: 0, stored: 0, published: 0, endedAt: new Date(), released: true });
      // Its bookkeeping is done: the connection can be claimed again, and now is.
      await waitFor(() => due.length === 0);
      // The poll gave its lease back itself: no second statement for it.
      expect(released).toEqual([]);
    } finally {
      await scheduler.beforeApplicationShutdown();
    }
    // The second poll was stopped by the shutdown, holding its lease: that one is given back.
    expect(released).toEqual(['conn_1']);
  });
  it('claims again when a poll ends only if the last claim filled every free slot, or the poll is due again now', async () => {
    const claimed: string[][] = [];
    let due: string[] = ['a'];
    const finish = new Map<string, (result: PollResult) => void>();
    const states = fake<CollectionStateRepository>({
      claimDue: async (_owner: string, limit: number) => {
        const taken = due.slice(0, limit);
        due = due.slice(limit);
        claimed.push(taken);
        return taken.map(claim);
      },
      release: async () => undefined,
      renewLease: async () => true,
    });
    const poll = fake<PollConnectionUseCase>({
      execute: (c: CollectionClaim) => new Promise<PollResult>((resolve) => finish.set(c.connectionId, resolve)),
    });
    const ended = (dueNow = false): PollResult => ({
      outcome: 'ok',
      listed: 0,
      stored: 0,
      published: 0,
      released: true,
      dueNow,
    });
    const scheduler = new CollectionScheduler(
      states,
      poll,
      new CollectionMetrics(fake<ServiceMetrics>({ registry: new Registry() })),
      // Ticks far apart: every claim below is one a poll's end (or a wake) asked for.
      {
        SYNC_SCHEDULER_ENABLED: true,
        SYNC_SCHEDULER_TICK_MS: 600_000,
        SYNC_POLL_CONCURRENCY: 2,
        SYNC_LEASE_MS: 60_000,
      } as CollectionConfig,
    );
    scheduler.onApplicationBootstrap();
    try {
      await waitFor(() => claimed.length === 1);
      expect(claimed).toEqual([['a']]); // one of two slots: nothing else was due
      finish.get('a')!(ended());
      await settle();
      expect(claimed).toHaveLength(1); // no claim for a poll's end while nothing was waiting

      due = ['b', 'c', 'd'];
      scheduler.wake(); // a push, or the tick
      await waitFor(() => claimed.length === 2);
      expect(claimed[1]).toEqual(['b', 'c']); // every slot filled: more may be due
      finish.get('b')!(ended());
      await waitFor(() => claimed.length === 3);
      expect(claimed[2]).toEqual(['d']); // filled the one free slot again
      finish.get('c')!(ended());
      await waitFor(() => claimed.length === 4);
      expect(claimed[3]).toEqual([]); // found the due connections all taken
      finish.get('d')!(ended(true));
      await waitFor(() => claimed.length === 5); // due again now (more pages, or a push during the poll)
      due = [];
      await settle();
      expect(claimed).toHaveLength(5);
    } finally {
      await scheduler.beforeApplicationShutdown();
    }
  });
});

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}
