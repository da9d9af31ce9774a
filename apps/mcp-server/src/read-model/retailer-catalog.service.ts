import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { DataSource } from 'typeorm';

const REFRESH_MS = 60 * 60_000;
const RETRY_MS = 2_000;

/**
 * Keeps `mcp.retailers` (the platform catalog: ids and names, so questions can name retailers) in step with
 * sync-service's `sync.list-catalog.v1`: at start (retried until sync answers) and hourly.
 */
@Injectable()
export class RetailerCatalogService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RetailerCatalog');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  async refresh(): Promise<number> {
    const { retailers } = await this.rpc.request(SyncContracts.listCatalog, {});
    await this.dataSource.transaction(async (manager) => {
      for (const retailer of retailers) {
        await manager.query(
          `INSERT INTO mcp.retailers (retailer_id, name) VALUES ($1, $2)
           ON CONFLICT (retailer_id) DO UPDATE SET name = EXCLUDED.name`,
          [retailer.retailer_id, retailer.name],
        );
      }
    });
    return retailers.length;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.refresh().then(
        () => this.schedule(REFRESH_MS),
        (error: unknown) => {
          this.logger.warn(`retailer catalog not refreshed: ${(error as Error).message}`);
          this.schedule(RETRY_MS);
        },
      );
    }, delay);
    this.timer.unref();
  }
}
