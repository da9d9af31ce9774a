import { EntityManager } from 'typeorm';
import { type EventMeta, type EventOutbox } from '@cps/messaging';
import { type Clock } from '@cps/domain';
import { type CatalogProduct, type ProductRepository } from '../products/product.repository.js';
import { CatalogMatcher } from './catalog-matcher.js';
import { type ItemMatchEntity } from './item-match.entity.js';
import { type ItemMatchRepository } from './item-match.repository.js';
import { RematchRecentPurchasesUseCase } from './rematch-recent-purchases.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters

const SOAP: CatalogProduct = {
  id: 'P_SOAP',
  name: 'Acme Dish Soap 12 oz',
  brand: 'Acme',
  gtin: '00036000291452',
  sku: null,
  group: null,
  retailerSkus: { walmart: 'W-1' },
  createdAt: NOW,
  updatedAt: NOW,
};

const stored = (itemId: string, fields: Partial<ItemMatchEntity>): ItemMatchEntity => ({
  teamId: 'team_1',
  purchaseId: 'P1',
  itemId,
  productId: null,
  method: 'none',
  confidence: 0,
  matchedAt: NOW,
  retailerId: 'walmart',
  purchaseDate: NOW,
  itemName: 'Something',
  itemBrand: null,
  itemUpc: null,
  itemSku: null,
  quantity: 1,
  price: '1.00',
  isSimulated: false,
  ...fields,
});

function setup(pending: number | null, items: ItemMatchEntity[]) {
  const calls = { since: [] as Date[], updates: [] as unknown[], rematched: [] as number[], events: [] as unknown[] };
  const products = fake<ProductRepository>({
    lockCatalog: async () => undefined,
    pendingRematch: async () => pending,
    markRematched: async (_tx: EntityManager, _teamId: string, version: number) => {
      calls.rematched.push(version);
    },
    find: async () => [SOAP],
  });
  const useCase = new RematchRecentPurchasesUseCase(
    products,
    new CatalogMatcher(products),
    fake<ItemMatchRepository>({
      listRecent: async (_tx: EntityManager, _teamId: string, since: Date, _limit: number, after: unknown) => {
        calls.since.push(since);
        return after ? [] : items;
      },
      updateResults: async (_tx: EntityManager, _teamId: string, rows: unknown[]) => {
        calls.updates.push(...rows);
      },
    }),
    { now: () => NOW } satisfies Clock,
    fake<EventOutbox>({
      record: async (tx: EntityManager, contract: { subject: string }, data: object, meta: EventMeta) => {
        if (tx !== TX) throw new Error('outside the transaction');
        calls.events.push({ subject: contract.subject, data, teamId: meta.teamId });
      },
    }),
  );
  return { useCase, calls };
}

describe('RematchRecentPurchasesUseCase', () => {
  it('re-matches the last 90 days, stores only the results that changed, and records the version reached', async () => {
    const { useCase, calls } = setup(7, [
      stored('i1', { itemSku: 'W-1' }), // newly matched
      stored('i2', { itemUpc: '036000291452', productId: 'P_SOAP', method: 'gtin', confidence: 1 }), // unchanged
      stored('i3', { productId: 'P_GONE', method: 'sku', confidence: 0.97, itemSku: 'GONE' }), // product deleted
    ]);
    expect(await useCase.execute('team_1', TX)).toBe(2);
    expect(calls.since).toEqual([new Date('2025-01-31T10:00:00.000Z')]);
    expect(calls.updates).toEqual([
      expect.objectContaining({ purchaseId: 'P1', itemId: 'i1', productId: 'P_SOAP', method: 'retailer_sku' }),
      expect.objectContaining({ purchaseId: 'P1', itemId: 'i3', productId: null, method: 'none', confidence: 0 }),
    ]);
    expect(calls.rematched).toEqual([7]);
    // Readers holding matches (the MCP read model) hear of the changed ones, in the same transaction.
    const product = { product_id: 'P_SOAP', name: 'Acme Dish Soap 12 oz', brand: 'Acme', upc: '00036000291452' };
    expect(calls.events).toEqual([
      {
        subject: 'matching.items.rematched.v1',
        teamId: 'team_1',
        data: {
          items: [
            { purchase_id: 'P1', item_id: 'i1', product },
            { purchase_id: 'P1', item_id: 'i3', product: null },
          ],
        },
      },
    ]);
  });

  it('does nothing when an earlier run already reached the newest catalog version', async () => {
    const { useCase, calls } = setup(null, [stored('i1', { itemSku: 'W-1' })]);
    expect(await useCase.execute('team_1', TX)).toBe(0);
    expect(calls.since).toEqual([]);
    expect(calls.rematched).toEqual([]);
    expect(calls.events).toEqual([]);
  });
});
