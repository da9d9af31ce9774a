import { MatchingContracts, type PurchaseDetail, toMessage, type PurchaseItem } from '@cps/contracts';
import { type Clock } from '@cps/domain';
import { type EventOutbox } from '@cps/messaging';
import { EntityManager } from 'typeorm';
import { type CatalogProduct, type ProductLookup, type ProductRepository } from '../products/product.repository.js';
import { CatalogMatcher } from './catalog-matcher.js';
import { type ItemMatchEntity } from './item-match.entity.js';
import { type ItemMatchRepository } from './item-match.repository.js';
import { MatchPurchaseUseCase } from './match-purchase.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters

const product = (
  id: string,
  teamId: string,
  gtin: string | null,
  sku: string | null,
): CatalogProduct & { teamId: string } => ({
  id,
  teamId,
  name: `Product ${id}`,
  brand: 'Acme',
  gtin,
  sku,
  group: null,
  retailerSkus: {},
  createdAt: NOW,
  updatedAt: NOW,
});

const CATALOG = [
  product('01PTIDE', 'team_1', '00037000878780', 'TIDE-92'),
  product('01PDAWN', 'team_1', null, 'PG-DAWN-ULT-194'),
  product('01POTHER', 'team_2', '00016000275263', 'GM-CHRS-18'),
];

const item = (id: string, upc: string | null, sku: string | null): PurchaseItem => ({
  item_id: id,
  name: `Item ${id}`,
  brand: null,
  upc,
  sku,
  price: '1.00',
  quantity: 1,
  product: null,
});

const purchase = (items: PurchaseItem[], purchaseId = '01PURCHASE'): PurchaseDetail => ({
  purchase_id: purchaseId,
  connection_id: '01CONN',
  retailer_id: 'target',
  date: NOW.toISOString(),
  purchase_type: 'in_store',
  currency: 'USD',
  items_subtotal: '3.00',
  discounts: '0.00',
  shipping: '0.00',
  fees: '0.00',
  tax: '0.00',
  total: '3.00',
  item_count: items.length,
  is_simulated: true,
  items,
});

function setup() {
  const written = {
    matches: [] as ItemMatchEntity[],
    events: [] as Array<{ subject: string; data: MatchingContracts.PurchaseMatched; meta: unknown }>,
    lookups: [] as string[],
    statements: 0,
  };
  const inTx = (tx: EntityManager | undefined) => {
    if (tx !== TX) throw new Error('outside the inbox transaction');
  };
  const products: Partial<ProductRepository> = {
    find: async (teamId: string, keys: ProductLookup, tx?: EntityManager) => {
      inTx(tx);
      written.lookups.push(teamId);
      return CATALOG.filter(
        (p) =>
          p.teamId === teamId &&
          ((p.gtin && keys.gtins.includes(p.gtin)) ||
            (p.sku && keys.skus.includes(p.sku)) ||
            keys.brandKeys?.includes('acme')),
      );
    },
  };
  const useCase = new MatchPurchaseUseCase(
    new CatalogMatcher(fake<ProductRepository>(products)),
    fake<ItemMatchRepository>({
      save: async (tx: EntityManager, rows: ItemMatchEntity[]) => {
        inTx(tx);
        written.statements += 1;
        written.matches.push(...rows);
      },
    }),
    fake<EventOutbox>({
      recordMany: async (
        tx: EntityManager,
        contract: { subject: string },
        events: ReadonlyArray<{ data: unknown; meta: unknown }>,
      ) => {
        inTx(tx);
        written.statements += 1;
        // What the outbox would publish must satisfy the event's contract.
        for (const { data, meta } of events) {
          written.events.push({
            subject: contract.subject,
            data: toMessage(MatchingContracts.PurchaseMatched, data),
            meta,
          });
        }
      },
    }),
    { now: () => NOW } satisfies Clock,
  );
  return { useCase, written };
}

describe('MatchPurchaseUseCase', () => {
  it.each<[string, PurchaseItem, string | null, string]>([
    ['GTIN from a UPC-A', item('i1', '037000878780', null), '01PTIDE', 'gtin'],
    ['GTIN beats a SKU naming another product', item('i1', '037000878780', 'PG-DAWN-ULT-194'), '01PTIDE', 'gtin'],
    ['SKU when no product has the GTIN', item('i1', '012000809965', 'PG-DAWN-ULT-194'), '01PDAWN', 'sku'],
    ['nothing', item('i1', '012000809965', 'NOPE'), null, 'none'],
    ["another team's product never matches", item('i1', '016000275263', 'GM-CHRS-18'), null, 'none'],
  ])('%s', async (_name, input, productId, method) => {
    const { useCase, written } = setup();
    await useCase.execute({ teamId: 'team_1', correlationId: 'corr_1', purchase: purchase([input]) }, TX);
    expect(new Set(written.lookups)).toEqual(new Set(['team_1']));
    expect(written.matches).toEqual([
      {
        teamId: 'team_1',
        purchaseId: '01PURCHASE',
        itemId: 'i1',
        productId,
        method,
        confidence: productId ? expect.any(Number) : 0,
        matchedAt: NOW,
        // What a re-match after a catalog change needs.
        retailerId: 'target',
        purchaseDate: NOW,
        itemName: input.name,
        itemBrand: input.brand,
        itemUpc: input.upc,
        itemSku: input.sku,
        // What the overview's top products sum.
        quantity: 1,
        price: '1.00',
        isSimulated: true,
      },
    ]);
    expect(written.events[0]?.data.purchase.items[0]?.product?.product_id ?? null).toBe(productId);
  });

  it('records purchase.matched: the same purchase with each item product filled in', async () => {
    const { useCase, written } = setup();
    const collected = purchase([
      item('i1', '037000878780', null),
      item('i2', null, 'PG-DAWN-ULT-194'),
      item('i3', null, null),
    ]);
    await useCase.execute({ teamId: 'team_1', correlationId: 'corr_1', purchase: collected }, TX);
    expect(written.events).toHaveLength(1);
    const event = written.events[0]!;
    expect(event.subject).toBe(MatchingContracts.purchaseMatched.subject);
    expect(event.meta).toEqual({
      teamId: 'team_1',
      orderingKey: collected.connection_id,
      correlationId: 'corr_1',
      occurredAt: NOW,
    });
    const matched = event.data.purchase;
    expect({ ...matched, items: [] }).toEqual({ ...collected, items: [] });
    expect(matched.items.map((i) => i.product)).toEqual([
      { product_id: '01PTIDE', name: 'Product 01PTIDE', brand: 'Acme', upc: '00037000878780' },
      { product_id: '01PDAWN', name: 'Product 01PDAWN', brand: 'Acme', upc: null },
      null,
    ]);
    expect(matched.items.map((i) => i.item_id)).toEqual(['i1', 'i2', 'i3']);
  });

  it('matches a batch with one catalog read per team, one write of the matches and one of the events', async () => {
    const { useCase, written } = setup();
    const batch = [
      { teamId: 'team_1', correlationId: 'c1', purchase: purchase([item('i1', '037000878780', null)], '01P1') },
      { teamId: 'team_2', correlationId: 'c2', purchase: purchase([item('i1', '016000275263', null)], '01P2') },
      { teamId: 'team_1', correlationId: 'c3', purchase: purchase([item('i1', null, 'PG-DAWN-ULT-194')], '01P3') },
      // The same purchase twice in one batch: its matches are written once.
      { teamId: 'team_1', correlationId: 'c3', purchase: purchase([item('i1', null, 'PG-DAWN-ULT-194')], '01P3') },
    ];
    await useCase.executeMany(batch, TX);
    expect(written.lookups).toEqual(['team_1', 'team_2']);
    expect(written.statements).toBe(2);
    expect(written.matches.map((m) => [m.teamId, m.purchaseId, m.productId])).toEqual([
      ['team_1', '01P1', '01PTIDE'],
      ['team_2', '01P2', '01POTHER'],
      ['team_1', '01P3', '01PDAWN'],
    ]);
    // One event per purchase, in the batch's order, each with its own team and correlation id.
    expect(
      written.events.map((e) => [
        e.data.purchase.purchase_id,
        e.data.purchase.items[0]?.product?.product_id,
        (e.meta as { teamId: string }).teamId,
        (e.meta as { correlationId: string }).correlationId,
      ]),
    ).toEqual([
      ['01P1', '01PTIDE', 'team_1', 'c1'],
      ['01P2', '01POTHER', 'team_2', 'c2'],
      ['01P3', '01PDAWN', 'team_1', 'c3'],
      ['01P3', '01PDAWN', 'team_1', 'c3'],
    ]);
  });

  it('handles a purchase without items', async () => {
    const { useCase, written } = setup();
    await useCase.execute({ teamId: 'team_1', correlationId: 'corr_1', purchase: purchase([]) }, TX);
    expect(written.matches).toEqual([]);
    expect(written.events[0]?.data.purchase.items).toEqual([]);
  });
});
