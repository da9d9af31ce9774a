import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BackgroundLoop } from '@cps/messaging';
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
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly attemptDelivery: AttemptDeliveryUseCase,
    private readonly settings: DeliverySettings,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.loop = new BackgroundLoop({
      name: 'DeliveryWorker',
      idleMs: settings.pollMs,
      pass: () => this.claimAndStart(),
      listen: {
        connectionString: (dataSource.options as { url: string }).url,
        channel: DELIVERIES_CHANNEL,
        applicationName: 'events-service-deliveries-listen',
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

  /** Claims as many due deliveries as there is room for; true when more may be due (a full batch). */
  private async claimAndStart(): Promise<boolean> {
    const free = this.settings.concurrency - this.inFlight.size;
    if (free <= 0) {
      await Promise.race(this.inFlight);
      return true;
    }
    const claimed = await this.deliveries.claimDue(free, this.settings.timeoutMs + LEASE_MARGIN_MS);
    for (const delivery of claimed) this.start(delivery);
    return claimed.length === free;
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
}
