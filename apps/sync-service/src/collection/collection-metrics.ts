import { Counter, Histogram } from 'prom-client';
import { type ServiceMetrics } from '@cps/observability';

export type PollOutcome =
  | 'ok'
  | 'retailer_error'
  | 'rate_limited'
  | 'unauthenticated'
  /** The connection stopped being active (disconnected, deleted) during the poll. */
  | 'stopped'
  | 'lease_lost'
  | 'failed';

/** The scheduler's figures at /metrics (bench/sync reads them too). */
export class CollectionMetrics {
  readonly polls: Counter<'outcome'>;
  readonly pollDuration: Histogram<'outcome'>;
  /** Where a poll's time goes: the retailer's list and detail calls, the stored-orders check, the page's transaction. */
  readonly pollStage: Histogram<'stage'>;
  readonly collected: Counter;
  readonly published: Counter;

  constructor(metrics: ServiceMetrics) {
    const registers = [metrics.registry];
    this.polls = new Counter({
      name: 'sync_polls_total',
      help: 'Polls of retailer accounts, by outcome',
      labelNames: ['outcome'],
      registers,
    });
    this.pollDuration = new Histogram({
      name: 'sync_poll_duration_seconds',
      help: 'Time one poll of one retailer account took',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.pollStage = new Histogram({
      name: 'sync_poll_stage_seconds',
      help: 'Time a stage of a poll took: list, check, details, store (one per page), finish (one per poll)',
      labelNames: ['stage'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.collected = new Counter({
      name: 'sync_purchases_collected_total',
      help: 'Purchases collected from retailers and stored (eligible under the sharing policy)',
      registers,
    });
    this.published = new Counter({
      name: 'sync_purchases_published_total',
      help: 'Collected purchases announced with sync.purchase.collected.v1',
      registers,
    });
  }

  /** Runs `work` and records how long it took as `stage`, whether it succeeded or not. */
  async timed<T>(stage: PollStage, work: () => Promise<T>): Promise<T> {
    const end = this.pollStage.startTimer({ stage });
    try {
      return await work();
    } finally {
      end();
    }
  }
}

export type PollStage = 'list' | 'check' | 'details' | 'store' | 'finish';
