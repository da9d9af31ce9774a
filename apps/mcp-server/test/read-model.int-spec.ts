import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { MatchingContracts, SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { schemaRoleUrl } from '@cps/persistence';
import { eventually, TestPlatform } from '@cps/testing';
import pg from 'pg';
import { Projection } from '../src/read-model/projection.js';
import { askOnPlatform } from './read-model-fixture.js';

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

/** A simulated connection with one purchase, through sync-service as the REST API's simulator does. */
async function simulatedConnectionWithPurchase() {
  const connection = await platform.admin.request(SyncContracts.createSimulatedConnection, {
    teamId,
    actor: ACTOR,
    retailer_id: 'target',
    include_purchases: false,
  });
  const purchase = await platform.admin.request(SyncContracts.createSimulatedPurchase, {
    teamId,
    connectionId: connection.connection_id,
  });
  return { connection, purchase };
}

/** What the read model holds for the team, in a comparable form. */
async function snapshot() {
  const connections = await db.query(
    `SELECT connection_id, status, retailer_id, deleted_at IS NOT NULL AS deleted FROM mcp.connections
      WHERE team_id = $1 ORDER BY 1`,
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
      { connection_id: connection.connection_id, status: 'active', retailer_id: 'walmart', deleted: false },
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

  it('follows a disconnect and a delete as the REST API does: disconnected is counted, deleted is gone', async () => {
    const ask = await askOnPlatform(platform.databaseUrl);
    const question = async (text: string) => {
      const answer = await ask.ask.ask({ teamId, clientId: 'read-model-test' }, text);
      if ('error' in answer) throw new Error(answer.error);
      return answer.results;
    };
    const kept = await simulatedConnectionWithPurchase();
    const deleted = await simulatedConnectionWithPurchase();
    const projected = async () => {
      const state = await snapshot();
      const has = (id: string) => (state.purchases as Array<{ purchase_id: string }>).some((p) => p.purchase_id === id);
      if (!has(kept.purchase.purchase_id) || !has(deleted.purchase.purchase_id)) throw new Error('not projected yet');
    };
    await eventually(projected);
    const purchasesBefore = (await question('How many purchases'))[0]!.purchases as number;

    const disconnected = await platform.admin.request(SyncContracts.updateConnection, {
      teamId,
      connectionId: kept.connection.connection_id,
      actor: ACTOR,
      status: 'disconnected',
    });
    expect(disconnected.status).toBe('disconnected');
    await platform.admin.request(SyncContracts.deleteConnection, {
      teamId,
      connectionId: deleted.connection.connection_id,
      actor: ACTOR,
    });

    // Within seconds: the disconnected connection is counted as such and its purchase still is (the REST API still
    // serves it); the deleted one and its purchase are in no answer.
    const byStatus = await eventually(async () => {
      const rows = await question('How many connections by status?');
      const counted = Object.fromEntries(rows.map((row) => [row.status, row.connections]));
      if (!counted.disconnected) throw new Error(`no disconnected row yet: ${JSON.stringify(rows)}`);
      if ((await question('How many purchases'))[0]!.purchases !== purchasesBefore - 1)
        throw new Error('still counted');
      return counted;
    });
    const state = await snapshot();
    expect(state.connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          connection_id: kept.connection.connection_id,
          status: 'disconnected',
          deleted: false,
        }),
        expect.objectContaining({ connection_id: deleted.connection.connection_id, deleted: true }),
      ]),
    );
    const listed = (state.connections as Array<{ deleted: boolean }>).filter((c) => !c.deleted).length;
    expect(Object.values(byStatus).reduce((n: number, count) => n + Number(count), 0)).toBe(listed);
    const purchaseIds = (state.purchases as Array<{ purchase_id: string }>).map((p) => p.purchase_id);
    expect(purchaseIds).toContain(kept.purchase.purchase_id);
    expect(purchaseIds).not.toContain(deleted.purchase.purchase_id);
    expect((state.items as Array<{ purchase_id: string }>).map((i) => i.purchase_id)).not.toContain(
      deleted.purchase.purchase_id,
    );

    // A purchase of the deleted connection projected late (another consumer, another order) is not shown again.
    await ask.service.transaction((manager) =>
      Projection.upsertPurchases(manager, [{ teamId, purchase: deleted.purchase }]),
    );
    const late = await db.query(`SELECT count(*)::int AS n FROM mcp.purchases WHERE purchase_id = $1`, [
      deleted.purchase.purchase_id,
    ]);
    expect(late.rows[0].n).toBe(0);
    await ask.close();
  });

  it('follows a catalog change: re-matched items take the product, a renamed product its new name', async () => {
    const { purchase } = await simulatedConnectionWithPurchase();
    const item = purchase.items.find((line) => line.upc)!;
    const productOf = async () => {
      const { rows } = await db.query(
        `SELECT product_id, product_name FROM mcp.items WHERE purchase_id = $1 AND item_id = $2`,
        [purchase.purchase_id, item.item_id],
      );
      return rows[0] as { product_id: string | null; product_name: string | null } | undefined;
    };
    await eventually(async () => {
      if (!(await productOf())) throw new Error('not projected yet');
    });
    const gtin = item.upc!.padStart(14, '0');
    const upload = (name: string) =>
      platform.admin.request(MatchingContracts.upsertProducts, {
        teamId,
        rows: [{ row: 1, product_id: null, name, brand: 'Read model brand', gtin, sku: null, group: null, skus: {} }],
      });
    const [created] = (await upload('Catalog product')).results;
    // The REST API reads matches at request time; the read model hears of the re-match (matching.items.rematched.v1).
    expect(
      await eventually(async () => {
        const row = await productOf();
        if (row?.product_id !== created!.product_id) throw new Error(`not re-matched yet: ${JSON.stringify(row)}`);
        return row;
      }),
    ).toEqual({ product_id: created!.product_id, product_name: 'Catalog product' });
    await upload('Catalog product, renamed');
    await eventually(async () => {
      const row = await productOf();
      if (row?.product_name !== 'Catalog product, renamed') throw new Error(`not renamed yet: ${JSON.stringify(row)}`);
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
      'mcp-server-catalog-changed',
      'mcp-server-connection-activated',
      'mcp-server-connection-changed',
      'mcp-server-connection-deleted',
      'mcp-server-connection-sharing-changed',
      'mcp-server-connection-unauthenticated',
      'mcp-server-items-rematched',
      'mcp-server-purchase-matched',
      'mcp-server-simulated-data-purged',
    ]);
    const after = await eventually(async () => {
      const state = await snapshot();
      for (const key of Object.keys(before) as Array<keyof typeof before>) {
        const [was, now] = [JSON.stringify(before[key]), JSON.stringify(state[key])];
        if (was !== now) throw new Error(`${key} not replayed yet: ${now.slice(0, 600)} (was ${was.slice(0, 600)})`);
      }
      return state;
    }, 60_000);
    expect(after).toEqual(before);
  });
});
