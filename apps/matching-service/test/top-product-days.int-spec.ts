import { runMigrations, schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase } from '@cps/testing';
import { DataSource } from 'typeorm';
import { ItemMatchEntity } from '../src/matches/item-match.entity.js';
import { ItemMatchRepository } from '../src/matches/item-match.repository.js';
import { migrations } from '../src/migrations/index.js';

/**
 * Top products come from daily figures a trigger keeps (migration 1739300000000). After matches are stored, re-matched,
 * unmatched (a product deleted) and deleted (simulated data purged), they must equal the figures summed straight from
 * the item matches, for ranges that cut through UTC midnight, in both modes.
 */
const TEAM = 'team_top';
const RANGES = [
  { from: '2026-11-11', to: '2026-11-20' },
  { from: '2026-11-10', to: '2026-11-10' },
  { from: '2025-11-21', to: '2026-11-20' },
];

let database: { url: string; drop(): Promise<void> };
let db: DataSource;
let matches: ItemMatchRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  db = new DataSource(
    schemaDataSourceOptions({ url: database.url, schema: 'matching', entities: [ItemMatchEntity], migrations }),
  );
  await db.initialize();
  await runMigrations(db, 'matching');
  matches = new ItemMatchRepository(db.getRepository(ItemMatchEntity));
  await db.query(
    `INSERT INTO matching.products (id, team_id, name) SELECT 'prod' || n, $1, 'Product ' || n FROM generate_series(1, 4) n`,
    [TEAM],
  );
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** The top products as they were computed before the daily figures: straight from the item matches. */
async function direct(range: (typeof RANGES)[number], simulated: boolean) {
  return db.query(
    `SELECT p.id AS product_id, p.name, p.brand, p.upc, t.units::int AS units, t.spend::numeric(16, 2)::text AS spend
     FROM (SELECT product_id, sum(quantity) AS units, sum(price * quantity) AS spend FROM matching.item_matches
           WHERE team_id = $1 AND is_simulated = $2 AND product_id IS NOT NULL
             AND purchase_date >= ($3::date AT TIME ZONE 'UTC') AND purchase_date < (($4::date + 1) AT TIME ZONE 'UTC')
           GROUP BY product_id) t
     JOIN matching.products p ON p.id = t.product_id
     ORDER BY t.units DESC, t.spend DESC, p.name, p.id`,
    [TEAM, simulated, range.from, range.to],
  );
}

async function expectSameTopProducts() {
  for (const range of RANGES) {
    for (const simulated of [false, true]) {
      expect(await matches.topProducts(TEAM, { ...range, simulated }, 10)).toEqual(await direct(range, simulated));
    }
  }
}

async function match(purchase: string, item: string, product: string | null, date: string, quantity: number) {
  await db.query(
    `INSERT INTO matching.item_matches (team_id, purchase_id, item_id, product_id, method, confidence, purchase_date,
                                        quantity, price, is_simulated)
     VALUES ($1, $2, $3, $4, CASE WHEN $4::text IS NULL THEN 'none' ELSE 'gtin' END, 1, $5, $6, 2.50, $7)`,
    [TEAM, purchase, item, product, date, quantity, purchase.startsWith('sim')],
  );
}

describe('matching-service: top product days', () => {
  it('match the item matches after matches are stored, re-matched, unmatched and deleted', async () => {
    await match('p1', 'i1', 'prod1', '2026-11-10T23:59:59Z', 2);
    await match('p1', 'i2', 'prod2', '2026-11-10T23:59:59Z', 1);
    await match('p2', 'i1', 'prod1', '2026-11-11T00:00:00Z', 3);
    await match('p3', 'i1', null, '2026-11-20T23:59:59Z', 1);
    await match('p3', 'i2', 'prod3', '2026-11-20T23:59:59Z', 5);
    await match('p4', 'i1', 'prod3', '2026-11-21T00:00:00Z', 7);
    await match('sim1', 'i1', 'prod2', '2026-11-12T00:00:00Z', 4);
    await expectSameTopProducts();
    expect(await matches.topProducts(TEAM, { ...RANGES[0]!, simulated: false }, 10)).toHaveLength(2);

    // A re-match moves an item to another product; a deleted product leaves its items unmatched.
    await db.query(
      `UPDATE matching.item_matches SET product_id = 'prod4', method = 'gtin' WHERE purchase_id = 'p3' AND item_id = 'i1'`,
    );
    await db.query(`UPDATE matching.item_matches SET product_id = 'prod4' WHERE purchase_id = 'p1' AND item_id = 'i2'`);
    await expectSameTopProducts();
    await db.query(
      `UPDATE matching.item_matches SET product_id = NULL, method = 'none', confidence = 0 WHERE product_id = 'prod1'`,
    );
    await expectSameTopProducts();
    await db.query(`DELETE FROM matching.item_matches WHERE purchase_id IN ('sim1', 'p4')`);
    await expectSameTopProducts();
    expect(await matches.topProducts(TEAM, { ...RANGES[2]!, simulated: true }, 10)).toEqual([]);
  });
});
