import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { currentListenStatus } from './app-scope.js';

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event loop lag, GC: prom-client's default metrics), collected once per
 * process however many apps it hosts: each collection keeps an event-loop delay monitor and a GC observer of its
 * own. Created by the first call, labelled `service` with that call's name: the app in a process of one app, the
 * host (`platform`) in a process of several, which calls this first.
 */
export function processMetricsRegistry(service: string): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    processRegistry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * A counter of the units of work handled and a histogram of how long each took, with the same labels, registered
 * (in that order) in `registry`.
 */
function countedAndTimed<L extends string>(
  registry: Registry,
  labelNames: readonly L[],
  spec: { counter: [name: string, help: string]; histogram: [name: string, help: string]; buckets: number[] },
): { count: Counter<L>; duration: Histogram<L> } {
  const [countName, countHelp] = spec.counter;
  const [durationName, durationHelp] = spec.histogram;
  return {
    count: new Counter({ name: countName, help: countHelp, labelNames, registers: [registry] }),
    duration: new Histogram({
      name: durationName,
      help: durationHelp,
      labelNames,
      buckets: spec.buckets,
      registers: [registry],
    }),
  };
}

/**
 * One registry per app with the counters and histograms every service exposes at /metrics; the process's metrics
 * (`processMetricsRegistry`) are added to what it exposes.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly process: Registry;
  /** Its app's LISTEN sessions (taken when built: the app scope, when several apps share the process). */
  private readonly listens = currentListenStatus();

  private readonly http = countedAndTimed(this.registry, ['method', 'route', 'status'] as const, {
    counter: ['http_requests_total', 'HTTP requests handled, by method, route and status code'],
    histogram: ['http_request_duration_seconds', 'HTTP request latency'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  readonly httpRequests = this.http.count;
  readonly httpDuration = this.http.duration;

  private readonly handled = countedAndTimed(this.registry, ['kind', 'subject', 'outcome'] as const, {
    counter: ['messages_total', 'NATS messages handled (rpc requests and JetStream events), by subject and outcome'],
    histogram: ['message_handling_duration_seconds', 'Time spent handling a NATS message'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  readonly messages = this.handled.count;
  readonly messageDuration = this.handled.duration;

  readonly outboxPublished = new Counter({
    name: 'outbox_published_total',
    help: 'Domain events published from the outbox to JetStream',
    registers: [this.registry],
  });

  readonly outboxLag = new Histogram({
    name: 'outbox_publish_lag_seconds',
    help: 'Time from an event being written to the outbox to its publication',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly listenConnected = new Gauge({
    name: 'pg_listen_connected',
    help: 'Whether the Postgres LISTEN session of a wake-up channel is connected (0: polling only, reconnecting)',
    labelNames: ['channel'] as const,
    registers: [this.registry],
    collect: () => {
      this.listenConnected.reset();
      for (const { channel, connected } of this.listens.channels()) {
        this.listenConnected.set({ channel }, connected ? 1 : 0);
      }
    },
  });

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    this.process = processMetricsRegistry(service);
  }

  /** The text /metrics answers: the app's metrics, then the process's. */
  async scrape(): Promise<string> {
    const [own, shared] = await Promise.all([this.registry.metrics(), this.process.metrics()]);
    return `${own.endsWith('\n') || !own ? own : `${own}\n`}${shared}`;
  }

  /** Times a unit of message work and records its outcome. */
  async observeMessage<T>(kind: 'rpc' | 'event', subject: string, work: () => Promise<T>): Promise<T> {
    const end = this.messageDuration.startTimer({ kind, subject });
    try {
      const result = await work();
      end({ outcome: 'ok' });
      this.messages.inc({ kind, subject, outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: 'error' });
      this.messages.inc({ kind, subject, outcome: 'error' });
      throw error;
    }
  }
}
