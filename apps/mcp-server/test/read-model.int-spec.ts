import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { schemaRoleUrl } from '@cps/persistence';
import { eventually, TestPlatform } from '@cps/testing';
import pg from 'pg';

/**
 * The read model is a projection of the platform's events: connections, purchases and items (with their matched
 * products) arrive within seconds of the events, status changes follow, and `rebuild-read-model` empties it and
 * has the running mcp-server replay the stream into the same rows (and the same `ask` summaries).
 */
const ACTOR = { source: 'API' as const, idType: null, idName: 'read model test' };
const run = promisify(execFile);

let platform: TestPlatform;
let db: pg.Client;
let teamId: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['auth-server', 'sync-service', 'matching-service', 'mcp-server'] });
  db = new pg.Client({ connectionString: platform.databaseUrl });
  await db.connect();
  teamId = (await platform.admin.createTeam('Read model brand')).team_id;
});

afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

/** What the read model holds for the team, in a comparable form. */
async function snapshot() {
  const connections = await db.query(
    `SELECT connection_id, status, retailer_id FROM mcp.connections WHERE team_id = $1 ORDER BY 1`,
    [teamId],
  );
  const purchases = await db.query(
    `SELECT purchase_id, total::text, item_count, is_simulated FROM mcp.purchases WHERE team_id = $1 ORDER BY 1`,
    [teamId],
  );
  const items = await db.query(
    `SELECT purchase_id, item_id, amount::text, product_id FROM mcp.items WHERE team_id = $1 ORDER BY 1, 2`,
    [teamId],
  );
  // The `ask` summaries, kept by triggers on the purchases and items.
  const purchaseDays = await db.query(
    `SELECT day, retailer_id, purchase_type, purchases::int, total::text, item_count::int FROM mcp.purchase_days
      WHERE team_id = $1 ORDER BY 1, 2, 3`,
    [teamId],
  );
  const itemMonths = await db.query(
    `SELECT month, product_id, brand, items::int, quantity::int, amount::text FROM mcp.item_months
      WHERE team_id = $1 ORDER BY 1, 2, 3`,
    [teamId],
  );
  return {
    connections: connections.rows,
    purchases: purchases.rows,
    items: items.rows,
    purchaseDays: purchaseDays.rows,
    itemMonths: itemMonths.rows,
  };
}

describe('mcp read model', () => {
  it('projects connections, purchases, items and matches, and follows status changes', async () => {
    const connection = await platform.admin.request(SyncContracts.createSimulatedConnection, {
      teamId,
      actor: ACTOR,
      retailer_id: 'walmart',
      include_purchases: false,
    });
    const purchases: PurchaseDetail[] = [];
    for (let index = 0; index < 2; index += 1) {
      purchases.push(
        await platform.admin.request(SyncContracts.createSimulatedPurchase, {
          teamId,
          connectionId: connection.connection_id,
        }),
      );
    }
    const projected = await eventually(async () => {
      const state = await snapshot();
      const itemCount = purchases.reduce((sum, purchase) => sum + purchase.items.length, 0);
      if (state.purchases.length < 2 || state.items.length < itemCount) throw new Error('not projected yet');
      return state;
    });
    expect(projected.connections).toEqual([
      { connection_id: connection.connection_id, status: 'active', retailer_id: 'walmart' },
    ]);
    expect(projected.purchases).toEqual(
      purchases
        .map((purchase) => ({
          purchase_id: purchase.purchase_id,
          total: purchase.total,
          item_count: purchase.item_count,
          is_simulated: true,
        }))
        .sort((a, b) => (a.purchase_id < b.purchase_id ? -1 : 1)),
    );
    for (const item of projected.items as Array<{ amount: string }>) expect(Number(item.amount)).toBeGreaterThan(0);

    await platform.admin.request(SyncContracts.updateSimulatedConnection, {
      teamId,
      connectionId: connection.connection_id,
      actor: ACTOR,
      status: 'unauthenticated',
    });
    await eventually(async () => {
      const { connections } = await snapshot();
      if ((connections[0] as { status: string }).status !== 'unauthenticated') throw new Error('not yet');
    });
  });

  it('is rebuilt from the event stream by rebuild-read-model, its summaries too', async () => {
    const before = await snapshot();
    expect((before.purchaseDays as Array<{ purchases: number }>).reduce((n, row) => n + row.purchases, 0)).toBe(
      before.purchases.length,
    );
    expect((before.itemMonths as Array<{ items: number }>).reduce((n, row) => n + row.items, 0)).toBe(
      before.items.length,
    );
    const main = resolve(import.meta.dirname, '../../../dist/apps/mcp-server/src/main.js');
    const { stdout } = await run(process.execPath, [main, 'rebuild-read-model'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: schemaRoleUrl(platform.databaseUrl, 'mcp'),
        NATS_URL: platform.nats.url,
      },
    });
    const result = JSON.parse(stdout.trim()) as { rebuilt: boolean; removed_rows: number; consumers: string[] };
    expect(result.rebuilt).toBe(true);
    expect(result.removed_rows).toBeGreaterThanOrEqual(before.purchases.length + before.items.length + 1);
    expect(result.consumers.sort()).toEqual([
      'mcp-server-connection-activated',
      'mcp-server-connection-sharing-changed',
      'mcp-server-connection-unauthenticated',
      'mcp-server-purchase-matched',
      'mcp-server-simulated-data-purged',
    ]);
    const after = await eventually(async () => {
      const state = await snapshot();
      if (JSON.stringify(state) !== JSON.stringify(before)) throw new Error('not replayed yet');
      return state;
    }, 30_000);
    expect(after).toEqual(before);
  });
});
