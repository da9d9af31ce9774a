import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { BackgroundLoop } from '@cps/messaging';
import { CollectionMetrics } from './collection-metrics.js';
import { CollectionStateRepository, type CollectionClaim } from './collection-state.repository.js';
import { COLLECTION_CONFIG } from './collection-tokens.js';
import { CollectionWakeup } from './collection-wakeup.js';
import { type CollectionConfig } from './collection.config.js';
import { PollConnectionUseCase } from './poll-connection.use-case.js';

interface RunningPoll {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The sync scheduler of one sync-service process. Every tick (or at once when woken) it claims as many
 * due connections as it has free slots (SYNC_POLL_CONCURRENCY) and polls each on its own, so a slow or
 * failing retailer account holds one slot, never the others. A claim is a lease in Postgres, renewed while
 * the poll runs; other processes skip leased rows, so no connection is polled by two processes at once,
 * and the connections of a process that died are picked up when its leases expire.
 */
@Injectable()
export class CollectionScheduler extends CollectionWakeup implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('CollectionScheduler');
  /** Names this process in `lease_owner`. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, RunningPoll>();
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly states: CollectionStateRepository,
    private readonly poll: PollConnectionUseCase,
    private readonly metrics: CollectionMetrics,
    @Inject(COLLECTION_CONFIG) private readonly config: CollectionConfig,
  ) {
    super();
    this.loop = new BackgroundLoop({
      name: 'CollectionScheduler',
      idleMs: config.SYNC_SCHEDULER_TICK_MS,
      pass: () => this.claimDue(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.SYNC_SCHEDULER_ENABLED) this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
    // In-flight polls stop at their next retailer call; nothing half-done is committed (a page is one
    // transaction) and the leases are released, so another process continues at once.
    for (const poll of this.running.values()) poll.controller.abort();
    await Promise.allSettled([...this.running.values()].map((poll) => poll.done));
  }

  wake(): void {
    this.loop.wake();
  }

  /** Claims as many due connections as there are free slots and starts polling each. */
  private async claimDue(): Promise<boolean> {
    const free = this.config.SYNC_POLL_CONCURRENCY - this.running.size;
    const claims = await this.states.claimDue(this.owner, free, this.config.SYNC_LEASE_MS, [...this.running.keys()]);
    this.backlog = free > 0 && claims.length === free;
    for (const claim of claims) this.start(claim);
    return false;
  }

  /**
   * The last claim filled every free slot, so more connections may be due: a poll that ends claims again at once.
   * Otherwise the due ones were all taken, and the next tick (or a push) claims what becomes due: a claim per poll
   * would be a statement per poll that finds nothing (ADR 0018).
   */
  private backlog = true;

  private start(claim: CollectionClaim): void {
    const controller = new AbortController();
    const startedAt = new Date();
    const end = this.metrics.pollDuration.startTimer();
    const heartbeat = setInterval(() => void this.renew(claim, controller), Math.floor(this.config.SYNC_LEASE_MS / 3));
    let released = false;
    let dueNow = false;
    const done = this.poll
      .execute(claim, this.owner, controller.signal)
      .then((result) => {
        released = result.released === true;
        dueNow = result.dueNow === true;
        end({ outcome: result.outcome });
        this.metrics.polls.inc({ outcome: result.outcome });
        this.logger.debug(
          {
            connection_id: claim.connectionId,
            owner: this.owner,
            started_at: startedAt.toISOString(),
            // Before the lease was given back, so a later poll of the connection never seems to overlap this one.
            finished_at: (result.endedAt ?? new Date()).toISOString(),
            outcome: result.outcome,
            listed: result.listed,
            stored: result.stored,
            published: result.published,
          },
          'poll finished',
        );
      })
      .catch(async (error: unknown) => {
        end({ outcome: 'failed' });
        this.metrics.polls.inc({ outcome: 'failed' });
        this.logger.error(`poll of connection ${claim.connectionId} failed: ${(error as Error).message}`);
        // A bug must not turn into a tight loop on one connection: wait before trying it again.
        await this.states
          .failPoll(claim, this.owner, this.config.SYNC_RETRY_BASE_MS, 'internal error')
          .catch(() => undefined);
      })
      .finally(async () => {
        clearInterval(heartbeat);
        // Stopped, aborted or failed unexpectedly: the lease is still this process's (a no-op when it was lost).
        if (!released) await this.states.release(claim.connectionId, this.owner).catch(() => undefined);
        this.running.delete(claim.connectionId);
        if (this.backlog || dueNow) this.wake(); // a slot is free for what is waiting
      });
    this.running.set(claim.connectionId, { controller, done });
  }

  private async renew(claim: CollectionClaim, controller: AbortController): Promise<void> {
    try {
      if (!(await this.states.renewLease(this.owner, claim.connectionId, this.config.SYNC_LEASE_MS))) {
        this.logger.warn(`lost the lease on connection ${claim.connectionId}; stopping its poll`);
        controller.abort();
      }
    } catch (error) {
      this.logger.warn(`renewing the lease on ${claim.connectionId} failed: ${(error as Error).message}`);
    }
  }
}
