import { SIMULATED_PRODUCTS } from '@cps/domain';
import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import fc from 'fast-check';
import { type DataSource } from 'typeorm';
import { createLinkToken, enableRetailer, FAST_SYNC_ENV, LinkFlowClient, SandboxAdmin } from '@cps/testing';
import { askOnPlatform } from './read-model-fixture.js';

/**
 * The read model shows what the REST API shows (issue #29, item 4): a random sequence of links (simulated and
 * real, through the link flow), purchases (simulated, and orders the scheduler collects), disconnects, deletes,
 * simulator status changes, purges, sharing changes (re-links with another window) and catalog changes, after which
 * every answer of a fixed question set equals the same figure computed from the REST API, within seconds.
 * fast-check generates the sequences (a few runs, a fresh team each, bounded); a failure prints its seed and
 * the shrunk sequence.
 */
const DAY = 86_400_000;
const PASSWORD = 'a password';

let platform: TestPlatform;
let service: DataSource;
let ask: Awaited<ReturnType<typeof askOnPlatform>>['ask'];
let sandbox: SandboxAdmin;

beforeAll(async () => {
  platform = await TestPlatform.start({
    services: ['auth-server', 'sync-service', 'sandbox-retailer', 'api-gateway', 'matching-service', 'mcp-server'],
    serviceEnv: { 'sync-service': FAST_SYNC_ENV },
  });
  sandbox = SandboxAdmin.of(platform);
  ({ service, ask } = await askOnPlatform(platform.databaseUrl));
}, 180_000);

afterAll(async () => {
  await service?.destroy();
  await platform?.stop();
});

// --- the operations -------------------------------------------------------------------------------------------

type Op =
  | { kind: 'link'; retailer: 'walmart' | 'target' }
  | { kind: 'purchase'; at: number }
  | { kind: 'disconnect'; at: number }
  | { kind: 'delete'; at: number }
  | { kind: 'status'; at: number; status: 'active' | 'unauthenticated' }
  | { kind: 'purge'; at: number }
  | { kind: 'share'; days: 30 | 90 | 365 }
  | { kind: 'catalog'; products: number[]; version: number };

const at = fc.nat(15);
const OPS: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('link' as const), retailer: fc.constantFrom('walmart' as const, 'target' as const) }),
  fc.record({ kind: fc.constant('purchase' as const), at }),
  fc.record({ kind: fc.constant('purchase' as const), at }),
  fc.record({ kind: fc.constant('disconnect' as const), at }),
  fc.record({ kind: fc.constant('delete' as const), at }),
  fc.record({
    kind: fc.constant('status' as const),
    at,
    status: fc.constantFrom('active' as const, 'unauthenticated' as const),
  }),
  fc.record({ kind: fc.constant('purge' as const), at }),
  fc.record({ kind: fc.constant('share' as const), days: fc.constantFrom(30 as const, 90 as const, 365 as const) }),
  fc.record({
    kind: fc.constant('catalog' as const),
    products: fc.subarray([...SIMULATED_PRODUCTS.keys()], { minLength: 1 }),
    version: fc.nat(9),
  }),
);

/** One run's team: its simulated connections and its one real (link-flow) connection with its sandbox account. */
interface World {
  team: TestTeam;
  simulated: string[];
  real: { connectionId: string; email: string; customerId: string };
  log: string[];
}

async function rest(world: World, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await platform.api(path, { ...init, apiKey: world.team.apiKey });
  world.log.push(`${init.method ?? 'GET'} ${path} -> ${response.status}`);
  if (response.status >= 500) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

/** Links the sandbox account through the hosted flow, re-linking `connectionId` when given; the connection id. */
async function linkFlow(world: World, days: number, connectionId?: string): Promise<string> {
  const token = await createLinkToken(platform, world.team, {
    customer_id: world.real.customerId,
    email: world.real.email,
  });
  const client = new LinkFlowClient(platform.gatewayUrl);
  const redirect = encodeURIComponent('https://brand.test/linked');
  await client.open(
    `/link?link_token=${token}${connectionId ? `&connection_id=${connectionId}` : ''}&redirect_url=${redirect}`,
  );
  const exit = await client.linkAccount(connectionId ? null : 'walmart', world.real.email, PASSWORD, undefined, days);
  world.log.push(`link flow (${days} days${connectionId ? `, re-link ${connectionId}` : ''})`);
  return exit.searchParams.get('connection_id')!;
}

async function newWorld(run: number): Promise<World> {
  const team = await platform.createTeam(`Consistency brand ${run}`);
  await enableRetailer(platform, team, 'walmart');
  await enableRetailer(platform, team, 'target');
  const email = `shopper-${run}-${Date.now()}@consistency.test`;
  await sandbox.createAccount('walmart', email, PASSWORD);
  for (const age of [3, 45, 200]) {
    await sandbox.addOrders('walmart', email, { ordered_at: new Date(Date.now() - age * DAY).toISOString() });
  }
  const world: World = { team, simulated: [], real: { connectionId: '', email, customerId: `real-${run}` }, log: [] };
  world.real.connectionId = await linkFlow(world, 365);
  return world;
}

const pick = (ids: string[], index: number) => (ids.length === 0 ? undefined : ids[index % ids.length]);
/** Every connection an operation may touch: the simulated ones and the real one. */
const all = (world: World) => [...world.simulated, world.real.connectionId];

async function apply(world: World, op: Op): Promise<void> {
  switch (op.kind) {
    case 'link': {
      const created = await rest(world, '/simulated-connections', {
        method: 'POST',
        body: { retailer_id: op.retailer, include_purchases: false },
      });
      if (created.status === 201) world.simulated.push((created.body as { connection_id: string }).connection_id);
      return;
    }
    case 'purchase': {
      const id = pick(all(world), op.at)!;
      if (id === world.real.connectionId) {
        await sandbox.addOrders('walmart', world.real.email, { count: 1 });
        world.log.push('sandbox order (collected by the scheduler)');
      } else await rest(world, `/simulated-connections/${id}/purchases`, { method: 'POST', body: {} });
      return;
    }
    case 'disconnect':
      await rest(world, `/connections/${pick(all(world), op.at)}`, {
        method: 'PATCH',
        body: { status: 'disconnected' },
      });
      return;
    case 'delete':
      await rest(world, `/connections/${pick(all(world), op.at)}`, { method: 'DELETE' });
      return;
    case 'status': {
      const id = pick(world.simulated, op.at);
      if (id) await rest(world, `/simulated-connections/${id}`, { method: 'PATCH', body: { status: op.status } });
      return;
    }
    case 'purge': {
      const id = pick(world.simulated, op.at);
      if (id) await rest(world, `/simulated-connections/${id}`, { method: 'DELETE' });
      return;
    }
    case 'share': {
      // A re-link of the real connection with another window; once it is gone (disconnected or deleted), a new link.
      const current = await rest(world, `/connections/${world.real.connectionId}`);
      const open = current.status === 200 && (current.body as { status: string }).status !== 'disconnected';
      world.real.connectionId = await linkFlow(world, op.days, open ? world.real.connectionId : undefined);
      return;
    }
    case 'catalog':
      await rest(world, '/products', {
        method: 'PUT',
        body: op.products.map((index) => {
          const product = SIMULATED_PRODUCTS[index]!;
          return { name: `${product.brand} item ${index} v${op.version}`, brand: product.brand, upc: product.upc };
        }),
      });
      return;
  }
}

// --- the same figures, from the REST API and from `ask` ------------------------------------------------------

type Figure = number | null | Record<string, number>;

interface RestView {
  connections: Array<{ connection_id: string; customer_id: string; status: string }>;
  purchases: Array<{
    customer: string;
    retailer: string;
    total: number;
    shipping: number;
    items: Array<{ quantity: number; product: { name: string } | null }>;
  }>;
}

async function restView(world: World): Promise<RestView> {
  const connections: RestView['connections'] = [];
  for (let after = ''; ;) {
    const page = await platform.api(`/connections?limit=100${after ? `&starting_after=${after}` : ''}`, {
      apiKey: world.team.apiKey,
    });
    const body = page.body as { connections: RestView['connections']; has_more: boolean };
    connections.push(...body.connections);
    if (!body.has_more) break;
    after = body.connections.at(-1)!.connection_id;
  }
  const purchases: RestView['purchases'] = [];
  for (const connection of connections) {
    const issued = await platform.api(`/connections/${connection.connection_id}/token`, {
      method: 'POST',
      apiKey: world.team.apiKey,
      body: { scope: 'access' },
    });
    if (issued.status !== 200) throw new Error(`token ${connection.connection_id}: ${issued.status}`);
    const headers = { authorization: `Bearer ${(issued.body as { connection_token: string }).connection_token}` };
    for (let after = ''; ;) {
      const page = await platform.api(`/purchases?limit=50${after ? `&starting_after=${after}` : ''}`, {
        apiKey: world.team.apiKey,
        headers,
      });
      if (page.status !== 200) throw new Error(`purchases ${connection.connection_id}: ${page.status}`);
      const body = page.body as { purchases: Array<{ purchase_id: string }>; has_more: boolean };
      for (const { purchase_id } of body.purchases) {
        const detail = await platform.api(`/purchases/${purchase_id}`, { apiKey: world.team.apiKey, headers });
        if (detail.status !== 200) throw new Error(`purchase ${purchase_id}: ${detail.status}`);
        const p = detail.body as RestView['purchases'][number] & {
          retailer_id: string;
          total: string;
          shipping: string;
        };
        purchases.push({
          customer: connection.customer_id,
          retailer: p.retailer_id,
          total: Number(p.total),
          shipping: Number(p.shipping),
          items: p.items,
        });
      }
      if (!body.has_more) break;
      after = body.purchases.at(-1)!.purchase_id;
    }
  }
  return { connections, purchases };
}

const cents = (values: number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100;
const countBy = <T>(rows: T[], key: (row: T) => string | null, value: (row: T) => number = () => 1) => {
  const out: Record<string, number> = {};
  for (const row of rows) {
    const k = key(row);
    if (k !== null) out[k.toLowerCase()] = (out[k.toLowerCase()] ?? 0) + value(row);
  }
  return out;
};

/** The fixed question set: each question with the figure the REST API gives for it. */
const QUESTIONS: Array<[string, (view: RestView) => Figure]> = [
  ['How many connections by status?', (v) => countBy(v.connections, (c) => c.status)],
  ['How many purchases?', (v) => v.purchases.length],
  ['What was the total spend?', (v) => cents(v.purchases.map((p) => p.total))],
  ['How much shipping did shoppers pay?', (v) => cents(v.purchases.map((p) => p.shipping))],
  [
    'How many units were bought?',
    (v) => {
      const units = v.purchases.flatMap((p) => p.items.map((i) => i.quantity));
      return units.length === 0 ? null : units.reduce((a, b) => a + b, 0);
    },
  ],
  ['Number of purchases by retailer', (v) => countBy(v.purchases, (p) => p.retailer)],
  [
    'Units sold by product',
    (v) =>
      countBy(
        v.purchases.flatMap((p) => p.items),
        (i) => i.product?.name ?? null,
        (i) => i.quantity,
      ),
  ],
  ['How many shoppers made a purchase?', (v) => new Set(v.purchases.map((p) => p.customer)).size],
];

const RETAILER_NAMES: Record<string, string> = { walmart: 'walmart', target: 'target' };

/** An `ask` answer as a figure: one value, or a map from the first column (lower-cased) to the second. */
function figureOf(rows: Array<Record<string, unknown>>): Figure {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  if (rows.length === 0) return {};
  const columns = Object.keys(rows[0]!);
  if (rows.length === 1 && columns.length === 1) return number(rows[0]![columns[0]!]);
  const out: Record<string, number> = {};
  for (const row of rows) {
    const key = String(row[columns[0]!]).toLowerCase();
    out[RETAILER_NAMES[key] ?? key] = number(row[columns[columns.length - 1]!]) ?? 0;
  }
  return out;
}

/** An empty map and zero both mean "nothing" (an answer with no rows); maps compare with their keys in order. */
const normal = (figure: Figure): Figure => {
  if (figure === null || typeof figure !== 'object') return figure === 0 ? null : figure;
  const keys = Object.keys(figure).sort();
  return keys.length === 0 ? null : Object.fromEntries(keys.map((key) => [key, figure[key]!]));
};

async function compare(world: World): Promise<void> {
  const view = await restView(world);
  const differences: string[] = [];
  for (const [question, expected] of QUESTIONS) {
    const answer = await ask.ask({ teamId: world.team.teamId, clientId: 'consistency' }, question);
    if ('error' in answer) throw new Error(`${question}: ${answer.error}`);
    const got = normal(figureOf(answer.results as Array<Record<string, unknown>>));
    const want = normal(expected(view));
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      differences.push(`${question} ask=${JSON.stringify(got)} rest=${JSON.stringify(want)}`);
    }
  }
  if (differences.length > 0) throw new Error(differences.join('\n'));
}

describe('read model consistency (fast-check)', () => {
  it('answers every question of a fixed set as the REST API shows it, after any sequence of changes', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(OPS, { minLength: 3, maxLength: 10 }), async (ops) => {
        run += 1;
        const world = await newWorld(run);
        for (const op of ops) await apply(world, op);
        try {
          await eventually(() => compare(world), 30_000, 500);
        } catch (error) {
          throw new Error(`${(error as Error).message}\nafter: ${world.log.join('; ')}`);
        }
      }),
      // Bounded: each run is a team, a link flow and up to ten requests, then the comparison (several seconds).
      { numRuns: 4, endOnFailure: true },
    );
  }, 600_000);
});
