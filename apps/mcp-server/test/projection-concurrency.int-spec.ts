import { type ProductRef, type PurchaseDetail } from '@cps/contracts';
import { eventually } from '@cps/testing';
import { type EntityManager, type QueryRunner } from 'typeorm';
import { Projection } from '../src/read-model/projection.js';
import { startReadModel } from './read-model-fixture.js';

/**
 * The read model's consumers run side by side (one durable consumer per event type), so a purchase and a catalog
 * change that concern its items may be projected in two transactions open at the same moment: always after
 * `rebuild-read-model`, when every consumer replays the stream at once. Whichever commits second must see what the
 * first wrote; each case below holds the first transaction open until the second has run or is waiting for it.
 */
let model: Awaited<ReturnType<typeof startReadModel>>;

beforeAll(async () => {
  model = await startReadModel();
});

afterAll(async () => {
  await model?.stop();
});

const MATCHED_AT = '2026-04-10T00:00:00.000Z';
const CHANGED_AT = '2026-04-11T00:00:00.000Z';
const SOAP: ProductRef = { product_id: 'prod_soap', name: 'Acme Soap', brand: 'Acme' } as ProductRef;

let sequence = 0;
function purchase(): PurchaseDetail {
  sequence += 1;
  return {
    purchase_id: `pur_race_${sequence}`,
    connection_id: 'team_a_conn_3',
    retailer_id: 'target',
    date: '2026-04-09T12:00:00.000Z',
    purchase_type: 'online',
    currency: 'USD',
    items_subtotal: '5.00',
    discounts: '0.00',
    shipping: '0.00',
    fees: '0.00',
    tax: '0.00',
    total: '5.00',
    item_count: 1,
    is_simulated: true,
    items: [
      {
        item_id: 'l1',
        name: 'Acme Soap 12oz',
        brand: 'Acme',
        upc: null,
        sku: null,
        price: '5.00',
        quantity: 1,
        product: null,
      },
    ],
  } as unknown as PurchaseDetail;
}

const project = (manager: EntityManager, p: PurchaseDetail) =>
  Projection.upsertPurchases(manager, [{ teamId: 'team_a', purchase: p, matchedAt: MATCHED_AT }]);
const rematch = (manager: EntityManager, p: PurchaseDetail) =>
  Projection.rematchItems(
    manager,
    'team_a',
    [{ purchase_id: p.purchase_id, item_id: 'l1', product: SOAP }],
    CHANGED_AT,
  );

async function itemOf(p: PurchaseDetail) {
  const rows: Array<{ product_id: string | null; product_name: string | null }> = await model.admin.query(
    `SELECT product_id, product_name FROM mcp.items WHERE purchase_id = $1 AND item_id = 'l1'`,
    [p.purchase_id],
  );
  return rows[0];
}

/**
 * Runs `first` in a transaction left open, then `second` in another; commits the first once the second has finished
 * or is waiting on a lock of the first, then waits for the second.
 */
async function interleave(first: (m: EntityManager) => Promise<void>, second: (m: EntityManager) => Promise<void>) {
  const open = async () => {
    const runner = model.service.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    return runner;
  };
  const [a, b]: QueryRunner[] = [await open(), await open()];
  try {
    await first(a.manager);
    const [{ pid }] = (await b.query('SELECT pg_backend_pid() AS pid')) as Array<{ pid: number }>;
    let settled = false;
    const running = second(b.manager)
      .then(() => b.commitTransaction())
      .finally(() => (settled = true));
    await eventually(async () => {
      if (settled) return;
      const waiting: unknown[] = await model.admin.query(`SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted`, [
        pid,
      ]);
      if (waiting.length === 0) throw new Error('the second transaction neither finished nor waits');
    });
    await a.commitTransaction();
    await running;
  } finally {
    await a.release();
    await b.release();
  }
}

describe('read model projection under concurrent consumers', () => {
  it('a re-match projected while its purchase is being projected reaches the item', async () => {
    const p = purchase();
    await interleave(
      (m) => project(m, p),
      (m) => rematch(m, p),
    );
    expect(await itemOf(p)).toEqual({ product_id: 'prod_soap', product_name: 'Acme Soap' });
  });

  it('a purchase projected while a re-match of its item is being projected takes the re-match', async () => {
    const p = purchase();
    await interleave(
      (m) => rematch(m, p),
      (m) => project(m, p),
    );
    expect(await itemOf(p)).toEqual({ product_id: 'prod_soap', product_name: 'Acme Soap' });
  });

  it('a product renamed while an item matched to it is being projected shows the new name, either way round', async () => {
    const matched = (p: PurchaseDetail): PurchaseDetail => ({
      ...p,
      items: p.items.map((item) => ({ ...item, product: SOAP })),
    });
    const renamed = (version: number, name: string) => (m: EntityManager) =>
      Projection.renameProducts(m, 'team_a', [{ ...SOAP, name }], version);
    const first = matched(purchase());
    await interleave((m) => project(m, first), renamed(100, 'Acme Soap, renamed'));
    expect(await itemOf(first)).toEqual({ product_id: 'prod_soap', product_name: 'Acme Soap, renamed' });
    const second = matched(purchase());
    await interleave(renamed(101, 'Acme Soap, renamed again'), (m) => project(m, second));
    expect(await itemOf(second)).toEqual({ product_id: 'prod_soap', product_name: 'Acme Soap, renamed again' });
  });
});
