import { Logger } from '@nestjs/common';
import { PgListener } from './pg-listener.js';

const MAX_BACKOFF_MS = 5_000;

export interface BackgroundLoopOptions {
  /** Names the loop in logs ("outbox relay", "delivery worker"...). */
  name: string;
  /** Sleep between passes when a pass did not ask to run again at once. */
  idleMs: number;
  /**
   * One pass of the work (claim a batch, publish, ...). Resolves true to run again at once (a full batch:
   * more is waiting), false to sleep `idleMs` or until woken. A throw is logged and retried with backoff.
   */
  pass: () => Promise<boolean>;
  /**
   * A Postgres NOTIFY channel whose notifications wake the loop. The session reconnects after any error (see
   * PgListener); while it is down, polling every `idleMs` covers it and `/readyz` reports `listen` degraded.
   */
  listen?: { connectionString: string; channel: string; applicationName: string };
}

/**
 * The one loop of this codebase's polling workers (outbox relay, webhook delivery worker, collection
 * scheduler): run a pass, sleep unless the pass asks for more or something woke the loop (a Postgres
 * NOTIFY or an in-process `wake()`), back off on failures (0.5 s more per failure, at most 5 s), and on
 * `stop()` finish the pass in flight before resolving.
 */
export class BackgroundLoop {
  private readonly logger: Logger;
  private running = false;
  private loop?: Promise<void>;
  /** Set by a wake-up that arrives during a pass, so the next sleep is skipped. */
  private woken = false;
  private interruptSleep?: () => void;
  private listener?: PgListener;

  constructor(private readonly options: BackgroundLoopOptions) {
    this.logger = new Logger(options.name);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.options.listen) {
      this.listener = new PgListener({ ...this.options.listen, onWake: () => this.wake(), logger: this.logger });
      this.listener.start();
    }
    this.loop = this.run();
  }

  /** Runs the next pass now (or right after the pass in flight). */
  wake(): void {
    this.woken = true;
    this.interruptSleep?.();
  }

  /** Stops looping and waits for the pass in flight; the LISTEN connection is closed. */
  async stop(): Promise<void> {
    this.running = false;
    this.interruptSleep?.();
    await this.loop;
    await this.listener?.stop();
    this.listener = undefined;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let again = false;
      this.woken = false;
      try {
        again = await this.options.pass();
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 30 === 0) {
          this.logger.warn(`${this.options.name} failed (${failures}x), will retry: ${(error as Error).message}`);
        }
      }
      if (!again) await this.sleep(failures ? Math.min(500 * failures, MAX_BACKOFF_MS) : this.options.idleMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.interruptSleep = done;
    });
  }
}
