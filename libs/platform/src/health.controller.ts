import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { NatsConnectionService } from '@cps/messaging';
import { currentListenStatus } from '@cps/observability';
import { migrationsApplied } from '@cps/persistence';

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout of ${ms}ms exceeded`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process is alive. `/readyz`: it can do its work (Postgres, NATS when used, schema up to date),
 * 503 when it cannot. A lost Postgres LISTEN session (wake-ups of the outbox relay, delivery worker...) makes
 * `/readyz` answer 200 with `"status": "degraded"` and `listen.down` naming the channels: the work still gets
 * done by polling, only slower, so the replica stays in rotation (fail-open) while the session reconnects.
 */
@Controller()
export class HealthController {
  /** Migrations never un-apply while the process runs: once up to date, probes stop asking the database. */
  private migrationsUpToDate = false;
  /** The app's LISTEN sessions (taken when built: the app scope, when several apps share the process). */
  private readonly listens = currentListenStatus();

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Optional() private readonly nats?: NatsConnectionService,
  ) {}

  @Get('healthz')
  alive() {
    return { status: 'ok' };
  }

  @Get('readyz')
  // Not in any OpenAPI document; without this, terminus loads @nestjs/swagger (and its ~500 modules) in every service.
  @HealthCheck({ swaggerDocumentation: false })
  ready() {
    const nats = this.nats;
    return this.health.check([
      // A `SELECT 1` on the app's own DataSource (terminus's TypeOrmHealthIndicator finds it by importing
      // @nestjs/typeorm by name, which the host bundle would answer with a second copy that knows no DataSource).
      async () => {
        const check = this.indicator.check('postgres');
        try {
          await withTimeout(this.dataSource.query('SELECT 1'), PING_TIMEOUT_MS);
          return check.up();
        } catch (error) {
          return check.down({ message: (error as Error).message });
        }
      },
      ...(nats
        ? [
            () => {
              const check = this.indicator.check('nats');
              return nats.isConnected() ? check.up() : check.down({ message: 'not connected' });
            },
          ]
        : []),
      () => {
        const check = this.indicator.check('listen');
        const down = this.listens
          .channels()
          .filter((channel) => !channel.connected)
          .map((channel) => channel.channel);
        return down.length > 0
          ? check.degraded({ message: 'LISTEN lost: polling only, reconnecting', down })
          : check.up();
      },
      async () => {
        const check = this.indicator.check('migrations');
        if (this.migrationsUpToDate) return check.up();
        try {
          this.migrationsUpToDate = await migrationsApplied(this.dataSource);
          return this.migrationsUpToDate ? check.up() : check.down({ message: 'pending migrations' });
        } catch (error) {
          return check.down({ message: (error as Error).message });
        }
      },
    ]);
  }
}
