import {
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type Provider,
  type Type,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { BackgroundLoop } from '@cps/messaging';
import { DeliverySettings } from '../settings.js';

/** Beyond the request timeout, how long a lease lasts: signing, lookups, recording and a slow database. */
const LEASE_MARGIN_MS = 30_000;

export interface LeaseWork<T extends { id: string }> {
  /** Names the loop and its log lines. */
  name: string;
  /** The Postgres channel producers notify when they commit new work. */
  channel: string;
  /** `application_name` of the listening connection (pg_stat_activity). */
  applicationName: string;
  /** Leases up to `limit` due items for `leaseMs`. */
  claim(limit: number, leaseMs: number): Promise<T[]>;
  /** Makes one attempt and records it; a rejection leaves the lease to run out (the item is tried again). */
  attempt(item: T): Promise<unknown>;
}

/**
 * Sends leased work (webhook deliveries, integration awards): polls every DELIVERY_POLL_MS, wakes at once on the
 * work's Postgres NOTIFY, keeps at most DELIVERY_CONCURRENCY attempts in flight, and on shutdown stops claiming and
 * waits for the attempts in flight, so every attempt made is recorded. A process that dies leaves its leases to
 * run out: nothing is lost.
 */
export class LeaseWorker<T extends { id: string }> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly work: LeaseWork<T>,
    private readonly settings: DeliverySettings,
    dataSource: DataSource,
  ) {
    this.logger = new Logger(work.name);
    this.loop = new BackgroundLoop({
      name: work.name,
      idleMs: settings.pollMs,
      pass: () => this.claimAndStart(),
      listen: {
        connectionString: (dataSource.options as { url: string }).url,
        channel: work.channel,
        applicationName: work.applicationName,
      },
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claims as many due items as there is room for; true when more may be due (a full batch). */
  private async claimAndStart(): Promise<boolean> {
    const free = this.settings.concurrency - this.inFlight.size;
    if (free <= 0) {
      await Promise.race(this.inFlight);
      return true;
    }
    const claimed = await this.work.claim(free, this.settings.timeoutMs + LEASE_MARGIN_MS);
    for (const item of claimed) this.start(item);
    return claimed.length === free;
  }

  private start(item: T): void {
    const work = this.work
      .attempt(item)
      .then(() => undefined)
      .catch((error: Error) => {
        this.logger.error(`${item.id} attempt not recorded: ${error.message}`);
      })
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }
}

/**
 * A module's LeaseWorker (provided under its `name`): it claims with `repository.claimDue` and attempts with
 * `useCase.execute`.
 */
export function leaseWorker<T extends { id: string }>(
  work: Omit<LeaseWork<T>, 'claim' | 'attempt'>,
  repository: Type<{ claimDue(limit: number, leaseMs: number): Promise<T[]> }>,
  useCase: Type<{ execute(item: T): Promise<unknown> }>,
): Provider {
  return {
    provide: work.name,
    inject: [repository, useCase, DeliverySettings, getDataSourceToken()],
    useFactory: (
      claims: InstanceType<typeof repository>,
      attempts: InstanceType<typeof useCase>,
      settings: DeliverySettings,
      dataSource: DataSource,
    ) =>
      new LeaseWorker(
        {
          ...work,
          claim: (limit, leaseMs) => claims.claimDue(limit, leaseMs),
          attempt: (item) => attempts.execute(item),
        },
        settings,
        dataSource,
      ),
  };
}
