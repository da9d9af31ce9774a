import { createTestDatabase } from '@cps/testing';
import { runMigrations, schemaDataSourceOptions, schemaRoleUrl } from '@cps/persistence';
import { DataSource } from 'typeorm';
import { AskService } from '../src/ask/ask.service.js';
import { TeamQuery } from '../src/ask/team-query.js';
import { McpSettings } from '../src/mcp/mcp-settings.js';
import { migrations } from '../src/migrations/index.js';

export interface SeedPurchase {
  team: string;
  id: string;
  connection: string;
  retailer: string;
  date: string;
  type: 'online' | 'in_store';
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  discountsCents: number;
  feesCents: number;
  simulated: boolean;
  items: SeedItem[];
}

export interface SeedItem {
  id: string;
  name: string;
  brand: string | null;
  priceCents: number;
  quantity: number;
  product: { id: string; name: string; brand: string } | null;
}

export interface SeedConnection {
  team: string;
  id: string;
  customer: string;
  retailer: string;
  status: string;
  createdAt: string;
  simulated: boolean;
}

export const RETAILERS = [
  { id: 'target', name: 'Target' },
  { id: 'walmart', name: 'Walmart' },
  { id: 'amazon', name: 'Amazon' },
];
const PRODUCTS = [
  { id: 'prod_soap', name: 'Acme Soap', brand: 'Acme' },
  { id: 'prod_shampoo', name: 'Acme Shampoo', brand: 'Acme' },
  { id: 'prod_tea', name: 'Zenith Tea', brand: 'Zenith' },
];

/** A deterministic pseudo-random sequence (mulberry32), so the seeded data is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two teams' connections, purchases and items between 2025-11-01 and 2026-04-15 (team A has 4x team B). */
export function seedData(): { connections: SeedConnection[]; purchases: SeedPurchase[] } {
  const next = random(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  const connections: SeedConnection[] = [];
  const purchases: SeedPurchase[] = [];
  const start = Date.UTC(2025, 10, 1);
  const end = Date.UTC(2026, 3, 15, 10);
  for (const [team, count] of [
    ['team_a', 240],
    ['team_b', 60],
  ] as const) {
    const teamConnections: SeedConnection[] = [];
    for (let index = 0; index < count / 10; index += 1) {
      const connection: SeedConnection = {
        team,
        id: `${team}_conn_${index}`,
        customer: `${team}_cust_${index % 9}`,
        retailer: pick(RETAILERS).id,
        status: pick(['active', 'active', 'active', 'unauthenticated', 'disconnected', 'initialized']),
        createdAt: new Date(start + Math.floor(next() * (end - start))).toISOString(),
        simulated: index % 7 === 0,
      };
      teamConnections.push(connection);
    }
    connections.push(...teamConnections);
    for (let index = 0; index < count; index += 1) {
      const connection = pick(teamConnections);
      const items: SeedItem[] = [];
      const lines = 1 + Math.floor(next() * 3);
      for (let line = 0; line < lines; line += 1) {
        const product = next() < 0.6 ? pick(PRODUCTS) : null;
        items.push({
          id: `line_${line}`,
          name: product ? `${product.name} 500ml` : pick(['Paper towels', 'Batteries', 'Coffee']),
          brand: product ? product.brand : pick(['Generic', null]),
          priceCents: 100 + Math.floor(next() * 5000),
          quantity: 1 + Math.floor(next() * 4),
          product,
        });
      }
      const subtotal = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
      const taxCents = Math.round(subtotal * 0.08);
      const shippingCents = next() < 0.5 ? 599 : 0;
      // Every fourth purchase has a 10% discount, every third a $1.50 fee (no draw: the sequence stays as it was).
      const discountsCents = index % 4 === 0 ? Math.round(subtotal * 0.1) : 0;
      const feesCents = index % 3 === 0 ? 150 : 0;
      purchases.push({
        team,
        id: `${team}_purchase_${index}`,
        connection: connection.id,
        retailer: connection.retailer,
        date: new Date(start + Math.floor(next() * (end - start))).toISOString(),
        type: next() < 0.5 ? 'online' : 'in_store',
        totalCents: subtotal - discountsCents + taxCents + shippingCents + feesCents,
        taxCents,
        shippingCents,
        discountsCents,
        feesCents,
        simulated: connection.simulated,
        items,
      });
    }
  }
  return { connections, purchases };
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * A database of its own with mcp-server's migrations applied (as the superuser) and the seed data written into
 * the read model; `service` connects as `cps_mcp`, as the running service does.
 */
export async function startReadModel() {
  const database = await createTestDatabase();
  const admin = new DataSource(
    schemaDataSourceOptions({ url: database.url, schema: 'mcp', entities: [], migrations, poolSize: 2 }),
  );
  await admin.initialize();
  await runMigrations(admin, 'mcp');
  const data = seedData();
  for (const retailer of RETAILERS) {
    await admin.query(`INSERT INTO mcp.retailers (retailer_id, name) VALUES ($1, $2)`, [retailer.id, retailer.name]);
  }
  for (const c of data.connections) {
    await admin.query(
      `INSERT INTO mcp.connections (team_id, connection_id, customer_id, retailer_id, status, is_simulated, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [c.team, c.id, c.customer, c.retailer, c.status, c.simulated, c.createdAt],
    );
  }
  // Every row carries its connection's customer, as the projection writes it.
  const customerOf = new Map(data.connections.map((c) => [c.id, c.customer]));
  for (const p of data.purchases) {
    const subtotal = p.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
    await admin.query(
      `INSERT INTO mcp.purchases (team_id, purchase_id, connection_id, retailer_id, purchased_at, purchase_type, currency,
         items_subtotal, discounts, shipping, fees, tax, total, item_count, is_simulated, customer_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'USD', $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        p.team,
        p.id,
        p.connection,
        p.retailer,
        p.date,
        p.type,
        money(subtotal),
        money(p.discountsCents),
        money(p.shippingCents),
        money(p.feesCents),
        money(p.taxCents),
        money(p.totalCents),
        p.items.length,
        p.simulated,
        customerOf.get(p.connection) ?? null,
      ],
    );
    for (const item of p.items) {
      await admin.query(
        `INSERT INTO mcp.items (team_id, purchase_id, item_id, retailer_id, purchased_at, purchase_type, name, brand, price,
           quantity, product_id, product_name, product_brand, is_simulated, customer_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          p.team,
          p.id,
          item.id,
          p.retailer,
          p.date,
          p.type,
          item.name,
          item.brand,
          money(item.priceCents),
          item.quantity,
          item.product?.id ?? null,
          item.product?.name ?? null,
          item.product?.brand ?? null,
          p.simulated,
          customerOf.get(p.connection) ?? null,
        ],
      );
    }
  }
  const service = new DataSource(
    schemaDataSourceOptions({
      url: schemaRoleUrl(database.url, 'mcp'),
      schema: 'mcp',
      entities: [],
      migrations: [],
      poolSize: 4,
    }),
  );
  await service.initialize();
  return {
    data,
    admin,
    service,
    async stop() {
      await service.destroy();
      await admin.destroy();
      await database.drop();
    },
  };
}

/** mcp-server's settings for a test of `ask` alone: no MCP endpoint, no OAuth server, no model. */
export function askSettings(queriesPerMinute = 100_000, model: McpSettings['model'] = null): McpSettings {
  return new McpSettings(
    'http://127.0.0.1:1/mcp',
    'http://127.0.0.1:2',
    'http://127.0.0.1:2/jwks',
    'http://127.0.0.1:3',
    queriesPerMinute,
    model,
  );
}

/**
 * `ask` as mcp-server runs it, on the read model of a running test platform (the `mcp` role's pool; every statement
 * under `cps_mcp_query` and row-level security), and that pool for projection writes as the consumers make them.
 */
export async function askOnPlatform(databaseUrl: string) {
  const service = new DataSource(
    schemaDataSourceOptions({
      url: schemaRoleUrl(databaseUrl, 'mcp'),
      schema: 'mcp',
      entities: [],
      migrations: [],
      poolSize: 2,
    }),
  );
  await service.initialize();
  return {
    service,
    ask: new AskService(service, new TeamQuery(service), askSettings()),
    close: () => service.destroy(),
  };
}
