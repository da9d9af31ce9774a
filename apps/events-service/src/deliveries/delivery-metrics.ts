import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { ServiceMetrics } from '@cps/observability';

/** Webhook delivery counters, registered on the service's /metrics registry. */
@Injectable()
export class DeliveryMetrics {
  readonly attempts: Counter<'outcome'>;
  readonly finished: Counter<'status'>;
  readonly duration: Histogram;

  constructor(metrics: ServiceMetrics) {
    this.attempts = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook HTTP attempts, by outcome (succeeded, retry, disable)',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
    this.finished = new Counter({
      name: 'webhook_deliveries_finished_total',
      help: 'Webhook deliveries that reached a final status',
      labelNames: ['status'] as const,
      registers: [metrics.registry],
    });
    this.duration = new Histogram({
      name: 'webhook_delivery_attempt_duration_seconds',
      help: 'Time from sending a webhook request to its status or error',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
      registers: [metrics.registry],
    });
  }
}
