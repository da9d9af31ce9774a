import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator, HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { NatsConnectionService } from '@cps/messaging';
import { migrationsApplied } from '@cps/persistence';

/** `/healthz`: the process is alive. `/readyz`: it can do its work (Postgres, NATS when used, schema up to date). */
@Controller()
export class HealthController {
  /** Migrations never un-apply while the process runs: once up to date, probes stop asking the database. */
  private migrationsUpToDate = false;

  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicator: HealthIndicatorService,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Optional() private readonly nats?: NatsConnectionService,
  ) {}

  @Get('healthz')
  alive() {
    return { status: 'ok' };
  }

  @Get('readyz')
  @HealthCheck()
  ready() {
    const nats = this.nats;
    return this.health.check([
      () => this.db.pingCheck('postgres', { timeout: 2_000 }),
      ...(nats
        ? [
            () => {
              const check = this.indicator.check('nats');
              return nats.isConnected() ? check.up() : check.down({ message: 'not connected' });
            },
          ]
        : []),
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
