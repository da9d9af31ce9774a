import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DeliverySettings } from '../settings.js';
import { AttemptDeliveryUseCase } from './attempt-delivery.use-case.js';
import { DELIVERIES_CHANNEL, DeliveryRepository, type ClaimedDelivery } from './delivery.repository.js';

/** Beyond the request timeout, how long a lease lasts: signing, recording and a slow database. */
const LEASE_MARGIN_MS = 30_000;

/**
 * Sends due webhook deliveries: polls every DELIVERY_POLL_MS, and wakes at once when a consumer commits
 * new deliveries (Postgres NOTIFY). Each due delivery is leased (see DeliveryRepository.claimDue), then
 * attempted with at most DELIVERY_CONCURRENCY requests in flight. On shutdown it stops claiming and
 * waits for the requests in flight, so every attempt made is recorded.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DeliveryWorker');
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** Set by a notification that arrived while claiming, so the next sleep is skipped. */
  private woken = false;
  private listener?: Client;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly attemptDelivery: AttemptDeliveryUseCase,
    private readonly settings: DeliverySettings,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    void this.listen();
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    // Best effort: polling covers a lost LISTEN connection.
    try {
      const { url } = this.dataSource.options as { url: string };
      this.listener = new Client({ connectionString: url, application_name: 'events-service-deliveries-listen' });
      this.listener.on('error', (error) => this.logger.warn(`deliveries LISTEN lost, polling only: ${error.message}`));
      this.listener.on('notification', () => {
        this.woken = true;
        this.wake?.();
      });
      await this.listener.connect();
      await this.listener.query(`LISTEN ${DELIVERIES_CHANNEL}`);
    } catch (error) {
      this.logger.warn(`deliveries LISTEN unavailable, polling only: ${(error as Error).message}`);
    }
  }

  private async run(): Promise<void> {
    const leaseMs = this.settings.timeoutMs + LEASE_MARGIN_MS;
    let failures = 0;
    while (this.running) {
      const free = this.settings.concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      let claimed: ClaimedDelivery[] = [];
      this.woken = false;
      try {
        claimed = await this.deliveries.claimDue(free, leaseMs);
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 30 === 0) {
          this.logger.warn(`could not claim deliveries (${failures}x), will retry: ${(error as Error).message}`);
        }
      }
      for (const delivery of claimed) this.start(delivery);
      // A full batch means more may be due: claim again as soon as there is room.
      if (claimed.length === free) continue;
      await this.sleep(failures ? Math.min(500 * failures, 5_000) : this.settings.pollMs);
    }
  }

  private start(delivery: ClaimedDelivery): void {
    const work = this.attemptDelivery
      .execute(delivery)
      .then(() => undefined)
      .catch((error: Error) => {
        // The lease runs out and the delivery is attempted again; nothing is lost.
        this.logger.error(`delivery ${delivery.id} attempt not recorded: ${error.message}`);
      })
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
