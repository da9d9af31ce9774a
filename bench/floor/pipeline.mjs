// The floor's pipeline: one Node process doing the durable effects the platform's ingest does for a purchase, the
// fewest ways it can (bench/floor/README.md). Started by run.mjs with DATABASE_URL, NATS_URL, WEBHOOK_URL,
// WEBHOOK_SECRET and PORT; answers POST /orders once the orders are stored, prints "ready <port>" when it listens.
//
//   1. store: every order waiting is written by one transaction (group commit: the next batch gathers while one
//      commits) with two statements, the purchases and their items, each from a JSON array;
//   2. publish: one JetStream publish per new purchase with its id as the msg-id, every ack awaited;
//   3. match: a durable pull consumer takes up to 256 messages and matches their items to brand products by GTIN in
//      one statement (an INSERT ... SELECT of the matches, keyed by purchase and line, skipping purchases whose
//      delivery is recorded: a redelivered batch changes nothing);
//   4. deliver: a Standard-Webhooks-signed POST per purchase over keep-alive, then one INSERT of the batch's
//      delivery rows, then the acks.
import { createServer } from 'node:http';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, AckPolicy } from '@nats-io/jetstream';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';

const { DATABASE_URL, NATS_URL, WEBHOOK_URL, WEBHOOK_SECRET, PORT = '0' } = process.env;
const SUBJECT = 'floor.purchase.collected';
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
const nc = await connect({ servers: NATS_URL });
const jsm = await jetstreamManager(nc);
await jsm.streams.add({ name: 'FLOOR', subjects: [SUBJECT], duplicate_window: 120_000_000_000 });
await jsm.consumers.add('FLOOR', { durable_name: 'floor-deliver', ack_policy: AckPolicy.Explicit, ack_wait: 30e9 });
const js = jetstream(nc);
const webhook = new Webhook(WEBHOOK_SECRET);
const agent = new Agent({ connections: 32, keepAliveTimeout: 30_000 });

// 1 + 2: group commit, then acked publishes.
let waiting = [];
let storing = false;
async function storeLoop() {
  if (storing) return;
  storing = true;
  while (waiting.length) {
    const batch = waiting.splice(0, 1_000);
    const orders = batch.flatMap((entry) => entry.orders);
    try {
      const client = await pool.connect();
      let stored;
      try {
        await client.query('BEGIN');
        ({ rows: stored } = await client.query(
          `INSERT INTO floor.purchases (id, connection_id, external_id, date, total)
           SELECT gen_random_uuid(), o.connection_id, o.external_id, o.date, o.total
             FROM jsonb_to_recordset($1::jsonb) AS o(connection_id text, external_id text, date timestamptz, total int)
           ON CONFLICT (connection_id, external_id) DO NOTHING
           RETURNING id, connection_id, external_id, date, total`,
          [JSON.stringify(orders)],
        ));
        const idOf = new Map(stored.map((row) => [`${row.connection_id}|${row.external_id}`, row.id]));
        const items = orders.flatMap((order) =>
          idOf.has(`${order.connection_id}|${order.external_id}`)
            ? order.items.map((item, position) => ({
                purchase_id: idOf.get(`${order.connection_id}|${order.external_id}`),
                position,
                ...item,
              }))
            : [],
        );
        await client.query(
          `INSERT INTO floor.purchase_items (purchase_id, position, name, gtin, price, quantity)
           SELECT i.purchase_id, i.position, i.name, i.gtin, i.price, i.quantity
             FROM jsonb_to_recordset($1::jsonb) AS i(purchase_id uuid, position int, name text, gtin text, price int,
                                                      quantity int)`,
          [JSON.stringify(items)],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      const itemsOf = new Map(orders.map((order) => [`${order.connection_id}|${order.external_id}`, order.items]));
      await Promise.all(
        stored.map((row) =>
          js.publish(
            SUBJECT,
            JSON.stringify({ ...row, items: itemsOf.get(`${row.connection_id}|${row.external_id}`) }),
            { msgID: row.id },
          ),
        ),
      );
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.fail(error);
    }
  }
  storing = false;
}

// 3 + 4: match, deliver, record, ack.
const consumer = await js.consumers.get('FLOOR', 'floor-deliver');
let closing = false;
async function deliverLoop() {
  while (!closing) {
    const messages = [];
    try {
      const fetched = await consumer.fetch({ max_messages: 256, expires: 1_000 });
      for await (const message of fetched) messages.push(message);
    } catch {
      // A busy machine can miss a pull's heartbeats: what was fetched is handled, the rest is pulled again.
      if (closing || !messages.length) continue;
    }
    if (!messages.length) continue;
    const purchases = messages.map((message) => message.json());
    const { rows: matches } = await pool.query(
      `INSERT INTO floor.matches (purchase_id, position, product_id)
       SELECT i.purchase_id, i.position, p.id
         FROM floor.purchase_items i JOIN floor.products p ON p.gtin = i.gtin
        WHERE i.purchase_id = ANY($1::uuid[])
          AND NOT EXISTS (SELECT 1 FROM floor.deliveries d WHERE d.purchase_id = i.purchase_id)
       ON CONFLICT DO NOTHING
       RETURNING purchase_id, position, product_id`,
      [purchases.map((purchase) => purchase.id)],
    );
    const matched = new Map();
    for (const row of matches) matched.set(row.purchase_id, [...(matched.get(row.purchase_id) ?? []), row]);
    await Promise.all(
      purchases.map(async (purchase) => {
        const body = JSON.stringify({
          type: 'purchase.created',
          data: { purchase: { ...purchase, matched_items: matched.get(purchase.id) ?? [] } },
        });
        const at = new Date();
        const response = await request(WEBHOOK_URL, {
          method: 'POST',
          dispatcher: agent,
          headers: {
            'content-type': 'application/json',
            'webhook-id': purchase.id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': webhook.sign(purchase.id, at, body),
          },
          body,
        });
        await response.body.dump();
        if (response.statusCode >= 300) throw new Error(`webhook answered ${response.statusCode}`);
      }),
    );
    await pool.query(
      `INSERT INTO floor.deliveries (purchase_id, status, delivered_at)
       SELECT unnest($1::uuid[]), 'delivered', now() ON CONFLICT DO NOTHING`,
      [purchases.map((purchase) => purchase.id)],
    );
    for (const message of messages) message.ack();
  }
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const { orders } = JSON.parse(Buffer.concat(chunks).toString());
    waiting.push({
      orders,
      done: () => res.writeHead(204).end(),
      fail: (error) => res.writeHead(500).end(String(error)),
    });
    void storeLoop();
  });
});
server.listen(Number(PORT), '127.0.0.1', () => process.stdout.write(`ready ${server.address().port}\n`));
deliverLoop().catch((error) => {
  if (closing) return;
  process.stderr.write(`deliver loop: ${error.stack}\n`);
  process.exit(1);
});
process.on('SIGTERM', () => {
  closing = true;
  server.close();
  void nc.drain().then(() => pool.end().then(() => process.exit(0)));
});
