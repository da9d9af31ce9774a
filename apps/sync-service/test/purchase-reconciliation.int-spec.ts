import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager, type MsgRequest } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import { enableRetailer } from '@cps/testing';
import { connectDb } from './support.js';

/** The reconciliation job publishes purchases that were stored without their purchase.collected event, once. */
describe('sync-service: purchases stored but never published', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let db: pg.Client;
  let nc: NatsConnection;
  let connectionId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'api-gateway'],
      serviceEnv: { 'sync-service': { PURCHASE_RECONCILE_INTERVAL_MS: '1000' } },
    });
    db = await connectDb(platform.databaseUrl);
    nc = await connect({ servers: platform.nats.url });
    team = await platform.createTeam('Reconciled Brand');
    await enableRetailer(platform, team, 'walmart');
    const created = await platform.api('/simulated-connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { retailer_id: 'walmart', email: 'rec@example.com', include_purchases: true },
    });
    expect(created.status).toBe(201);
    connectionId = (created.body as { connection_id: string }).connection_id;
  });

  afterAll(async () => {
    await nc?.close();
    await db?.end();
    await platform?.stop();
  });

  /** The purchase ids of every sync.purchase.collected.v1 in the stream, one entry per message. */
  async function publishedPurchaseIds(): Promise<string[]> {
    const jsm = await jetstreamManager(nc);
    const ids: string[] = [];
    for (let seq = 1; ;) {
      const message = await jsm.streams
        // The server answers next_by_subj on this API too; the client's type lists it for direct gets only.
        .getMessage('CPS_EVENTS', { seq, next_by_subj: 'sync.purchase.collected.v1' } as unknown as MsgRequest)
        .catch(() => null);
      if (!message) return ids;
      ids.push(message.json<{ data: { purchase: { purchase_id: string } } }>().data.purchase.purchase_id);
      seq = message.seq + 1;
    }
  }

  /** A copy of a stored purchase (with its items) under a new id, as a code path that forgot the event would leave it. */
  async function storeWithoutEvent(sourceId: string, id: string, eventId: string | null): Promise<void> {
    await db.query(
      `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, retailer_order_id, date, purchase_type,
                                   currency, items_subtotal, discounts, shipping, fees, tax, total, is_simulated,
                                   created_at, collected_event_id, quiet)
       SELECT $2, team_id, connection_id, retailer_id, NULL, date, purchase_type, currency, items_subtotal, discounts,
              shipping, fees, tax, total, is_simulated, now(), $3, false
         FROM sync.purchases WHERE id = $1`,
      [sourceId, id, eventId],
    );
    await db.query(
      `INSERT INTO sync.purchase_items (id, purchase_id, position, name, brand, upc, sku, price, quantity)
       SELECT $2 || '-' || position, $2, position, name, brand, upc, sku, price, quantity
         FROM sync.purchase_items WHERE purchase_id = $1`,
      [sourceId, id],
    );
  }

  it('publishes a purchase stored without an event, and one whose outbox row was lost, exactly once each', async () => {
    const purchase = await platform.api(`/simulated-connections/${connectionId}/purchases`, {
      method: 'POST',
      apiKey: team.apiKey,
    });
    expect(purchase.status).toBe(201);
    const normalId = (purchase.body as { purchase_id: string }).purchase_id;
    const { rows: history } = await db.query(
      `SELECT id, quiet, collected_event_id IS NOT NULL AS recorded FROM sync.purchases
        WHERE connection_id = $1 AND id <> $2 ORDER BY id`,
      [connectionId, normalId],
    );
    // Simulated back-dated history: the first link's history, published with its event (ADR 0014).
    expect(history.length).toBeGreaterThan(0);
    for (const row of history) expect(row).toMatchObject({ quiet: false, recorded: true });

    await storeWithoutEvent(normalId, '01JRECONCILEDNOEVENT000000', null);
    await storeWithoutEvent(normalId, '01JRECONCILEDLOSTROW000000', '01JLOSTEVENTID000000000000');

    const outboxRows = await eventually(async () => {
      const { rows } = await db.query(
        `SELECT id, envelope->'data'->'purchase'->>'purchase_id' AS purchase_id, published_at
           FROM sync.outbox WHERE subject = 'sync.purchase.collected.v1'
            AND envelope->'data'->'purchase'->>'purchase_id' LIKE '01JRECONCILED%'
          ORDER BY 2`,
      );
      if (rows.length < 2 || rows.some((row) => row.published_at === null)) throw new Error('not published yet');
      return rows as Array<{ id: string; purchase_id: string }>;
    }, 20_000);
    expect(outboxRows.map((row) => row.purchase_id)).toEqual([
      '01JRECONCILEDLOSTROW000000',
      '01JRECONCILEDNOEVENT000000',
    ]);
    // The lost event goes out under its own id (a consumer that had handled it finds it in its inbox).
    expect(outboxRows[0]!.id).toBe('01JLOSTEVENTID000000000000');
    const { rows: marks } = await db.query(
      `SELECT id, collected_event_id FROM sync.purchases WHERE id LIKE '01JRECONCILED%' ORDER BY id`,
    );
    expect(marks).toEqual([
      { id: '01JRECONCILEDLOSTROW000000', collected_event_id: '01JLOSTEVENTID000000000000' },
      { id: '01JRECONCILEDNOEVENT000000', collected_event_id: outboxRows[1]!.id },
    ]);

    // Several more passes (one a second) change nothing: once each in the stream, the others as they were.
    await sleep(3_000);
    const published = await publishedPurchaseIds();
    const count = (id: string) => published.filter((candidate) => candidate === id).length;
    expect(count('01JRECONCILEDNOEVENT000000')).toBe(1);
    expect(count('01JRECONCILEDLOSTROW000000')).toBe(1);
    expect(count(normalId)).toBe(1);
    for (const { id } of history) expect(count(id)).toBe(1);
  });
});
