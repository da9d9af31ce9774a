import { ServiceUnavailableException } from '@nestjs/common';
import { type SyncClient } from '../clients/sync.client.js';
import { type SyncContracts } from '@cps/contracts';
import { CATALOG_TTL_MS, RetailerCatalog, type CatalogEntry } from './retailer-catalog.js';

const walmart: CatalogEntry = { retailer_id: 'walmart', name: 'Walmart', status: 'active', brand_color: '#0071ce' };

/** sync-service's catalog as the gateway's SyncClient answers it. */
class FakeSync implements Pick<SyncClient, 'listCatalog'> {
  calls = 0;
  down = false;
  retailers: CatalogEntry[] = [walmart];

  async listCatalog(): Promise<SyncContracts.Catalog> {
    this.calls += 1;
    await Promise.resolve();
    if (this.down) throw new ServiceUnavailableException({ detail: 'sync-service is unavailable; try again shortly' });
    return { retailers: this.retailers };
  }
}

function setup() {
  const sync = new FakeSync();
  const clock = { now: 0 };
  const catalog = new RetailerCatalog(sync, () => clock.now);
  return { sync, clock, catalog };
}

describe('RetailerCatalog', () => {
  it('asks sync-service once per TTL, with concurrent misses sharing the request', async () => {
    const { sync, clock, catalog } = setup();
    await Promise.all([catalog.find('walmart'), catalog.find('target')]);
    expect(await catalog.find('walmart')).toEqual(walmart);
    expect(await catalog.find('target')).toBeUndefined();
    expect(sync.calls).toBe(1);
    clock.now += CATALOG_TTL_MS;
    await catalog.find('walmart');
    expect(sync.calls).toBe(2);
  });

  it('keeps serving the last catalog when a refresh fails', async () => {
    const { sync, clock, catalog } = setup();
    await catalog.find('walmart');
    sync.down = true;
    clock.now += CATALOG_TTL_MS;
    expect(await catalog.find('walmart')).toEqual(walmart);
  });

  it('fails with the 503 when it never had a catalog', async () => {
    const { sync, catalog } = setup();
    sync.down = true;
    await expect(catalog.find('walmart')).rejects.toBeInstanceOf(ServiceUnavailableException);
  });
});
