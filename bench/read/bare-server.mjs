// The machine's ceiling for bench/read: one Fastify process with a pg pool doing what the platform does for the
// same two requests, and nothing else — no NATS hop, no Nest, no contracts:
//   GET /purchases?limit=50   x-api-key (SHA-256 lookup, positive verdicts cached like the gateway's) +
//                             connection token (ES256 JWT, the platform's key) -> the connection's keyset page
//   GET /connections/{id}     x-api-key -> the connection row
// With `natsUrl` (bench.mjs --hop) the page is read behind one NATS request/reply instead: the handler asks a
// responder in the same process, on a connection of its own, which runs the query and answers JSON; the same hop
// the platform's gateway makes to sync-service, and nothing else of the platform (no Nest, no contracts). It
// measures what that hop alone costs on the machine.
// Started by bench.mjs on the bench's own database; not part of the product.
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const HISTORY_WINDOW_START = `COALESCE(c.first_linked_at, c.created_at) - make_interval(days => c.history_window_days)`;

/** The connection's keyset page, as the platform answers it. */
async function purchasePage(pool, { teamId, connectionId, limit }) {
  const { rows } = await pool.query(
    `SELECT p.id, p.date, p.total, p.purchase_type
       FROM sync.purchases p
       JOIN sync.connections c ON c.id = p.connection_id AND c.team_id = p.team_id AND c.deleted_at IS NULL
      WHERE p.team_id = $1 AND p.connection_id = $2 AND p.date >= ${HISTORY_WINDOW_START}
      ORDER BY p.date DESC, p.id DESC
      LIMIT $3`,
    [teamId, connectionId, limit + 1],
  );
  return {
    has_more: rows.length > limit,
    purchases: rows.slice(0, limit).map((row) => ({
      purchase_id: row.id,
      date: row.date.toISOString(),
      total: row.total,
      purchase_type: row.purchase_type,
    })),
  };
}

/**
 * The page behind one NATS request/reply: a responder on its own connection, and the asking side's connection.
 * Returns `ask(request)` and `close()`.
 */
async function natsHop(pool, natsUrl) {
  const subject = `bench.read.${process.pid}.purchases`;
  const responder = await connect({ servers: natsUrl, name: 'bench-read-responder' });
  const asker = await connect({ servers: natsUrl, name: 'bench-read-asker' });
  responder.subscribe(subject, {
    callback: (error, message) => {
      if (error) return;
      purchasePage(pool, message.json()).then(
        (page) => message.respond(JSON.stringify(page)),
        (failure) => message.respond(JSON.stringify({ error: String(failure) })),
      );
    },
  });
  await responder.flush();
  return {
    async ask(request) {
      const reply = (await asker.request(subject, JSON.stringify(request), { timeout: 5_000 })).json();
      if (reply.error) throw new Error(reply.error); // a 500, counted as non-200, not a page
      return reply;
    },
    async close() {
      await asker.close();
      await responder.close();
    },
  };
}

/**
 * A Fastify server on `port` reading `databaseUrl`; `baseUrl` is the platform's issuer of connection tokens and
 * `privateKeyPem` the key it signs them with; with `natsUrl` the page is read behind a NATS hop (above).
 */
export async function startBareServer({ databaseUrl, baseUrl, privateKeyPem, natsUrl, port = 0, poolSize = 10 }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const hop = natsUrl ? await natsHop(pool, natsUrl) : undefined;
  const publicKey = createPublicKey(createPrivateKey(privateKeyPem));
  const keys = new Map();

  async function teamOf(apiKey) {
    if (typeof apiKey !== 'string') return null;
    const hash = createHash('sha256').update(apiKey).digest('hex');
    const cached = keys.get(hash);
    if (cached) return cached;
    const { rows } = await pool.query(
      'SELECT team_id FROM auth.api_keys WHERE secret_hash = $1 AND revoked_at IS NULL',
      [hash],
    );
    if (rows.length === 0) return null;
    keys.set(hash, rows[0].team_id);
    return rows[0].team_id;
  }

  const app = Fastify({ logger: false });
  app.get('/purchases', async (request, reply) => {
    const teamId = await teamOf(request.headers['x-api-key']);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!teamId || !token) return reply.code(401).send({ detail: 'unauthorized' });
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(token, publicKey, {
        algorithms: ['ES256'],
        issuer: baseUrl,
        audience: `${baseUrl}/purchases`,
      }));
    } catch {
      return reply.code(401).send({ detail: 'unauthorized' });
    }
    if (claims.team_id !== teamId) return reply.code(401).send({ detail: 'unauthorized' });
    const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? 10) || 10));
    const page = { teamId, connectionId: claims.sub, limit };
    return hop ? hop.ask(page) : purchasePage(pool, page);
  });
  app.get('/connections/:id', async (request, reply) => {
    const teamId = await teamOf(request.headers['x-api-key']);
    if (!teamId) return reply.code(401).send({ detail: 'unauthorized' });
    const { rows } = await pool.query(
      `SELECT id, customer_id, retailer_id, status, is_simulated, created_at, updated_at
         FROM sync.connections WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL`,
      [request.params.id, teamId],
    );
    if (rows.length === 0) return reply.code(404).send({ detail: 'connection not found' });
    const [row] = rows;
    return {
      connection_id: row.id,
      customer_id: row.customer_id,
      retailer_id: row.retailer_id,
      status: row.status,
      is_simulated: row.is_simulated,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    async stop() {
      await app.close();
      await hop?.close();
      await pool.end();
    },
  };
}
