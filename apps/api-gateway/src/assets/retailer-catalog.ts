import { type SyncContracts } from '@cps/contracts';
import { type SyncClient } from '../clients/sync.client.js';

export type CatalogEntry = SyncContracts.CatalogRetailer;

export const CATALOG_TTL_MS = 5 * 60_000;

/**
 * The platform's retailer catalog from sync-service, kept in memory for a few minutes: images are asked
 * for on every page that shows a retailer. Concurrent misses share one request; when a refresh fails,
 * the previous catalog keeps serving.
 */
export class RetailerCatalog {
  private entries?: Map<string, CatalogEntry>;
  private fetchedAt = 0;
  private pending?: Promise<Map<string, CatalogEntry>>;

  constructor(
    private readonly sync: Pick<SyncClient, 'listCatalog'>,
    private readonly now: () => number = Date.now,
  ) {}

  async find(retailerId: string): Promise<CatalogEntry | undefined> {
    return (await this.current()).get(retailerId);
  }

  private async current(): Promise<Map<string, CatalogEntry>> {
    if (this.entries && this.now() - this.fetchedAt < CATALOG_TTL_MS) return this.entries;
    this.pending ??= this.refresh().finally(() => (this.pending = undefined));
    try {
      return await this.pending;
    } catch (error) {
      if (this.entries) return this.entries;
      throw error;
    }
  }

  private async refresh(): Promise<Map<string, CatalogEntry>> {
    const { retailers } = await this.sync.listCatalog({});
    this.entries = new Map(retailers.map((entry) => [entry.retailer_id, entry]));
    this.fetchedAt = this.now();
    return this.entries;
  }
}
