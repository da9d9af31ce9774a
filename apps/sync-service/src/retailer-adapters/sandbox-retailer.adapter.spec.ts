import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type RetailerSession } from './retailer-adapter.js';
import { RateLimited, RetailerUnavailable, SessionLost } from './retailer-errors.js';
import { SandboxRetailerAdapter } from './sandbox-retailer.adapter.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

type Handler = (request: Seen, response: ServerResponse) => void;

/** A stand-in retailer on a free local port: each test says how it answers. */
class FakeRetailer {
  readonly seen: Seen[] = [];
  handler: Handler = (_request, response) => reply(response, 500, {});
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const seen = {
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body: text ? (JSON.parse(text) as unknown) : undefined,
        };
        this.seen.push(seen);
        this.handler(seen, res);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function reply(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

const NOW = new Date('2026-01-10T12:00:00.000Z');
const SESSION: RetailerSession = { token: 'sbx_sess_abc', expiresAt: null };
const CREDENTIALS = { email: 'jane@example.com', password: 'a-very-secret-password' };

const ORDER = {
  order_id: 'WAL-123456789012',
  ordered_at: '2026-01-09T15:04:05.000Z',
  channel: 'in_store',
  store_number: '0042',
  currency: 'USD',
  items: [
    {
      line: 1,
      name: 'Tide Original Liquid Laundry Detergent, 92 fl oz',
      brand: 'Tide',
      upc: '037000878780',
      sku: 'PG-TIDE-ORIG-92',
      unit_price: '13.97',
      quantity: 2,
      line_total: '27.94',
    },
  ],
  subtotal: '27.94',
  discounts: '1.00',
  shipping: '0.00',
  fees: '0.10',
  tax: '2.22',
  total: '29.26',
};

describe('SandboxRetailerAdapter', () => {
  const retailer = new FakeRetailer();
  let adapter: SandboxRetailerAdapter;

  beforeAll(async () => {
    await retailer.start();
    adapter = new SandboxRetailerAdapter({
      retailerId: 'walmart',
      baseUrl: `${retailer.url}/`,
      timeoutMs: 300,
      pageSize: 2,
      now: () => NOW,
    });
  });
  afterAll(() => retailer.stop());
  beforeEach(() => {
    retailer.seen.length = 0;
  });

  describe('signIn', () => {
    it('returns the session of a 201, posting the credentials to the retailer path', async () => {
      retailer.handler = (_request, response) =>
        reply(response, 201, { session_token: 'sbx_sess_new', expires_at: '2026-02-09T12:00:00.000Z' });
      await expect(adapter.signIn(CREDENTIALS)).resolves.toEqual({
        kind: 'signed_in',
        session: { token: 'sbx_sess_new', expiresAt: new Date('2026-02-09T12:00:00.000Z') },
      });
      expect(retailer.seen).toEqual([
        { method: 'POST', url: '/r/walmart/sessions', authorization: undefined, body: CREDENTIALS },
      ]);
    });

    it('returns the challenge of a 202', async () => {
      retailer.handler = (_request, response) =>
        reply(response, 202, {
          one_time_code_required: true,
          challenge_id: 'sbx_otp_1',
          sent_to: 'j***@example.com',
          expires_at: '2026-01-10T12:10:00.000Z',
        });
      await expect(adapter.signIn(CREDENTIALS)).resolves.toEqual({
        kind: 'needs_one_time_code',
        challenge: {
          challengeId: 'sbx_otp_1',
          sentTo: 'j***@example.com',
          expiresAt: new Date('2026-01-10T12:10:00.000Z'),
        },
      });
    });

    it.each<[number, unknown]>([
      [401, { error: 'invalid_credentials', detail: 'no' }],
      [422, { error: 'invalid_request', detail: 'email: too long' }],
    ])('reports a %i refusal as wrong credentials, not an error', async (status, body) => {
      retailer.handler = (_request, response) => reply(response, status, body);
      await expect(adapter.signIn(CREDENTIALS)).resolves.toEqual({ kind: 'invalid_credentials' });
    });
  });

  describe('answerOneTimeCode', () => {
    const challenge = { challengeId: 'sbx_otp_1', sentTo: null, expiresAt: null };

    it.each<[string, number, unknown, unknown]>([
      [
        'right code',
        201,
        { session_token: 'sbx_sess_2', expires_at: null },
        { kind: 'signed_in', session: { token: 'sbx_sess_2', expiresAt: null } },
      ],
      ['wrong code', 401, { error: 'invalid_code', attempts_left: 3 }, { kind: 'invalid_code', attemptsLeft: 3 }],
      ['malformed code', 422, { error: 'invalid_request' }, { kind: 'invalid_code', attemptsLeft: null }],
      ['challenge over', 410, { error: 'challenge_expired' }, { kind: 'challenge_expired' }],
    ])('%s', async (_name, status, body, expected) => {
      retailer.handler = (_request, response) => reply(response, status, body);
      await expect(adapter.answerOneTimeCode(challenge, '123456')).resolves.toEqual(expected);
      expect(retailer.seen[0]).toMatchObject({
        url: '/r/walmart/sessions/one-time-code',
        body: { challenge_id: 'sbx_otp_1', code: '123456' },
      });
    });
  });

  describe('listOrdersSince', () => {
    it('asks from the start without a cursor, then from the cursor, with the session as bearer', async () => {
      retailer.handler = (_request, response) =>
        reply(response, 200, {
          orders: [
            {
              order_id: 'WAL-1',
              ordered_at: '2026-01-01T00:00:00.000Z',
              channel: 'online',
              currency: 'USD',
              total: '12.30',
              item_count: 2,
            },
          ],
          next_cursor: 'c1',
          has_more: true,
        });
      await expect(adapter.listOrdersSince(SESSION, null)).resolves.toEqual({
        orders: [
          {
            retailerOrderId: 'WAL-1',
            orderedAt: new Date('2026-01-01T00:00:00.000Z'),
            purchaseType: 'online',
            totalCents: 1230,
          },
        ],
        nextCursor: 'c1',
        hasMore: true,
      });
      await adapter.listOrdersSince(SESSION, 'c1');
      expect(retailer.seen.map((request) => [request.url, request.authorization])).toEqual([
        ['/r/walmart/orders?limit=2', 'Bearer sbx_sess_abc'],
        ['/r/walmart/orders?limit=2&since=c1', 'Bearer sbx_sess_abc'],
      ]);
    });
  });

  describe('getOrderDetail', () => {
    it('maps the receipt to cents and purchase types', async () => {
      retailer.handler = (_request, response) => reply(response, 200, ORDER);
      await expect(adapter.getOrderDetail(SESSION, 'WAL-123456789012')).resolves.toEqual({
        retailerOrderId: 'WAL-123456789012',
        orderedAt: new Date('2026-01-09T15:04:05.000Z'),
        purchaseType: 'in_store',
        currency: 'USD',
        lines: [
          {
            name: 'Tide Original Liquid Laundry Detergent, 92 fl oz',
            brand: 'Tide',
            upc: '037000878780',
            sku: 'PG-TIDE-ORIG-92',
            priceCents: 1397,
            quantity: 2,
          },
        ],
        totals: { itemsSubtotal: 2794, discounts: 100, shipping: 0, fees: 10, tax: 222, total: 2926 },
      });
      expect(retailer.seen[0]?.url).toBe('/r/walmart/orders/WAL-123456789012');
    });
  });

  describe('getOrderDetails', () => {
    const order = (id: string) => ({ ...ORDER, order_id: id });

    it('asks for a page size of orders a call and answers them in the order asked', async () => {
      retailer.handler = (request, response) => {
        const ids = new URL(request.url, 'http://x').searchParams.get('ids')!.split(',');
        reply(response, 200, { orders: ids.reverse().map(order) });
      };
      const details = await adapter.getOrderDetails(SESSION, ['WAL-1', 'WAL-2', 'WAL-3']);
      expect(details.map((detail) => detail.retailerOrderId)).toEqual(['WAL-1', 'WAL-2', 'WAL-3']);
      expect(details[2]).toMatchObject({ purchaseType: 'in_store', totals: { total: 2926 } });
      expect(retailer.seen.map((request) => [request.url, request.authorization])).toEqual([
        ['/r/walmart/order-details?ids=WAL-1%2CWAL-2', 'Bearer sbx_sess_abc'],
        ['/r/walmart/order-details?ids=WAL-3', 'Bearer sbx_sess_abc'],
      ]);
    });

    it('treats an order missing from the answer as an unexpected answer', async () => {
      retailer.handler = (_request, response) => reply(response, 200, { orders: [order('WAL-1')] });
      await expect(adapter.getOrderDetails(SESSION, ['WAL-1', 'WAL-2'])).rejects.toMatchObject({
        reason: 'unexpected_response',
      });
    });
  });

  describe('trouble', () => {
    const listing = () => adapter.listOrdersSince(SESSION, null);

    it.each([
      ['session_expired', 'expired'],
      ['session_revoked', 'revoked'],
      ['session_invalid', 'invalid'],
      ['something_else', 'invalid'],
    ])('a 401 %s on a signed-in call is SessionLost(%s)', async (error, reason) => {
      retailer.handler = (_request, response) => reply(response, 401, { error });
      await expect(listing()).rejects.toEqual(expect.objectContaining({ reason }));
      await expect(listing()).rejects.toBeInstanceOf(SessionLost);
    });

    it.each<[string, Record<string, string>, number]>([
      ['seconds', { 'retry-after': '7' }, 7_000],
      ['an HTTP date', { 'retry-after': 'Sat, 10 Jan 2026 12:02:00 GMT' }, 120_000],
      ['nothing', {}, 60_000],
    ])('a 429 with %s is RateLimited', async (_name, headers, retryAfterMs) => {
      retailer.handler = (_request, response) => reply(response, 429, { error: 'rate_limited' }, headers);
      const error = await listing().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(RateLimited);
      expect(error).toMatchObject({ retryAfterMs, retailerId: 'walmart' });
    });

    it.each([500, 502, 503])('a %i is RetailerUnavailable(server_error), also on sign-in', async (status) => {
      retailer.handler = (_request, response) =>
        reply(response, status, { error: 'server_error' }, { 'retry-after': '5' });
      for (const call of [listing, () => adapter.signIn(CREDENTIALS)]) {
        const error = await call().catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(RetailerUnavailable);
        expect(error).toMatchObject({ reason: 'server_error', status, retryAfterMs: 5_000 });
      }
    });

    it('gives up on a slow answer at the deadline', async () => {
      retailer.handler = (_request, response) => {
        setTimeout(() => reply(response, 200, { orders: [], next_cursor: 'c', has_more: false }), 2_000).unref();
      };
      const started = Date.now();
      const error = await listing().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(RetailerUnavailable);
      expect(error).toMatchObject({ reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    it('gives up on a body that stalls after the headers', async () => {
      retailer.handler = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"orders": [');
      };
      await expect(listing()).rejects.toMatchObject({ reason: 'timeout' });
    });

    it('stops early when the caller aborts', async () => {
      retailer.handler = () => undefined;
      const controller = new AbortController();
      const call = adapter.listOrdersSince(SESSION, null, { signal: controller.signal });
      controller.abort(new Error('shutting down'));
      await expect(call).rejects.toThrow('shutting down');
    });

    it('reports an unreachable retailer as network trouble', async () => {
      const offline = new SandboxRetailerAdapter({
        retailerId: 'target',
        baseUrl: 'http://127.0.0.1:1',
        timeoutMs: 1_000,
      });
      await expect(offline.listOrdersSince(SESSION, null)).rejects.toMatchObject({
        reason: 'network',
        retailerId: 'target',
      });
    });

    it.each<[string, number, unknown]>([
      ['a body of another shape', 200, { orders: 'nope' }],
      ['a money amount that is not one', 200, { ...ORDER, total: '29.3' }],
      ['a status the protocol does not have', 418, { error: 'teapot' }],
      ['a redirect', 302, {}],
    ])('reports %s as unexpected', async (_name, status, body) => {
      retailer.handler = (_request, response) =>
        reply(response, status, body, status === 302 ? { location: '/login' } : {});
      await expect(adapter.getOrderDetail(SESSION, 'WAL-1')).rejects.toMatchObject({
        reason: 'unexpected_response',
        status,
      });
    });

    it('never puts the password or the session token in an error', async () => {
      retailer.handler = (_request, response) => reply(response, 400, { detail: CREDENTIALS.password });
      const errors = [
        await adapter.signIn(CREDENTIALS).catch((thrown: Error) => thrown),
        await listing().catch((thrown: Error) => thrown),
      ];
      for (const error of errors) {
        expect(error).toBeInstanceOf(RetailerUnavailable);
        const text = `${(error as Error).message} ${JSON.stringify(error)}`;
        expect(text).not.toContain(CREDENTIALS.password);
        expect(text).not.toContain(SESSION.token);
      }
    });
  });
});
