import { MatchingContracts, SyncContracts } from '@cps/contracts';
import { normalizeGtin, SIMULATED_PRODUCTS } from '@cps/domain';
import { eventually, TestPlatform } from '@cps/testing';
import pg from 'pg';

const ACTOR = { source: 'API', idType: 'client_api_key', idName: 'k' } as const;

describe('matching-service: matching.get-purchase-matches.v1', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let teamA: string;
  let teamB: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service'],
    });
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    teamA = (await platform.admin.createTeam('Matching A')).team_id;
    teamB = (await platform.admin.createTeam('Matching B')).team_id;
    // Team A's catalog holds every product the simulator sells, so each collected item matches.
    for (const [index, product] of SIMULATED_PRODUCTS.entries()) {
      await db.query(
        `INSERT INTO matching.products (id, team_id, name, brand, upc, sku) VALUES ($1, $2, $3, $4, $5, $6)`,
        [`prod_${index}`, teamA, product.name, product.brand, normalizeGtin(product.upc), product.sku],
      );
    }
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it("answers each collected item's matched product for the purchase's team only", async () => {
    const connection = await platform.admin.request(SyncContracts.createSimulatedConnection, {
      teamId: teamA,
      actor: ACTOR,
      retailer_id: 'walmart',
      include_purchases: false,
    });
    const purchase = await platform.admin.request(SyncContracts.createSimulatedPurchase, {
      teamId: teamA,
      connectionId: connection.connection_id,
    });

    const { matches } = await eventually(async () => {
      const answer = await platform.admin.request(MatchingContracts.getPurchaseMatches, {
        teamId: teamA,
        purchaseId: purchase.purchase_id,
      });
      if (answer.matches.length < purchase.items.length) throw new Error('not matched yet');
      return answer;
    });
    expect(matches.map((m) => m.item_id)).toEqual(purchase.items.map((item) => item.item_id).sort());
    for (const match of matches) {
      const item = purchase.items.find((i) => i.item_id === match.item_id)!;
      const index = SIMULATED_PRODUCTS.findIndex(
        (p) => p.upc === item.upc || normalizeGtin(p.upc) === normalizeGtin(item.upc),
      );
      expect(match.product).toEqual({
        product_id: `prod_${index}`,
        name: SIMULATED_PRODUCTS[index]!.name,
        brand: SIMULATED_PRODUCTS[index]!.brand,
        upc: normalizeGtin(SIMULATED_PRODUCTS[index]!.upc),
      });
    }

    expect(
      await platform.admin.request(MatchingContracts.getPurchaseMatches, {
        teamId: teamB,
        purchaseId: purchase.purchase_id,
      }),
    ).toEqual({ matches: [] });
  });

  it('answers items that matched nothing with a null product, and unknown purchases with no matches', async () => {
    await db.query(
      `INSERT INTO matching.item_matches (team_id, purchase_id, item_id, product_id, method)
       VALUES ($1, 'P-1', 'I-2', NULL, 'none'), ($1, 'P-1', 'I-1', 'prod_0', 'gtin')`,
      [teamA],
    );
    expect(
      await platform.admin.request(MatchingContracts.getPurchaseMatches, { teamId: teamA, purchaseId: 'P-1' }),
    ).toEqual({
      matches: [
        {
          item_id: 'I-1',
          product: {
            product_id: 'prod_0',
            name: SIMULATED_PRODUCTS[0]!.name,
            brand: SIMULATED_PRODUCTS[0]!.brand,
            upc: normalizeGtin(SIMULATED_PRODUCTS[0]!.upc),
          },
        },
        { item_id: 'I-2', product: null },
      ],
    });
    expect(
      await platform.admin.request(MatchingContracts.getPurchaseMatches, { teamId: teamA, purchaseId: 'P-unknown' }),
    ).toEqual({ matches: [] });
  });
});
