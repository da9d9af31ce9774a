import pg from 'pg';
import { TestPlatform } from '@cps/testing';

const ADMIN_TOKEN = 'sandbox-admin-development-token';

/** An answer; `B` is what the test expects the JSON body to be (default: any object). */
interface Answer<B = Record<string, unknown> & { error?: string }> {
  status: number;
  headers: Headers;
  body: B;
}

interface OrderSummary {
  order_id: string;
  ordered_at: string;
  channel: string;
  total: string;
  item_count: number;
}

interface OrderPage {
  orders: OrderSummary[];
  next_cursor: string;
  has_more: boolean;
}

interface OrderDetail {
  order_id: string;
  channel: 'online' | 'in_store';
  items: Array<{ name: string; brand: string; upc: string; sku: string; unit_price: string; quantity: number }>;
  subtotal: string;
  discounts: string;
  shipping: string;
  fees: string;
  tax: string;
  total: string;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('sandbox-retailer', () => {
  let platform: TestPlatform;
  let url: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['sandbox-retailer'] });
    url = platform.platform.service('sandbox-retailer').url;
  });
  afterAll(() => platform?.stop());

  async function call<B = Answer['body']>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; admin?: boolean } = {},
  ): Promise<Answer<B>> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const bearer = options.admin ? ADMIN_TOKEN : options.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  }

  const admin = (method: string, path: string, body?: unknown) => call(method, `/admin${path}`, { body, admin: true });

  async function createAccount(retailer: string, email: string, oneTimeCode: boolean | string = false) {
    const created = await admin('POST', `/r/${retailer}/accounts`, {
      email,
      password: 'correct horse battery',
      one_time_code: oneTimeCode,
    });
    expect(created.status).toBe(201);
    return created.body as { account_id: string; one_time_code: string | null };
  }

  async function signIn(retailer: string, email: string, password = 'correct horse battery'): Promise<string> {
    const answer = await call('POST', `/r/${retailer}/sessions`, { body: { email, password } });
    expect(answer.status).toBe(201);
    return answer.body.session_token as string;
  }

  async function listAll(retailer: string, token: string, since?: string, limit = 2) {
    const seen: OrderSummary[] = [];
    let cursor = since;
    for (;;) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('since', cursor);
      const answer = await call<OrderPage>('GET', `/r/${retailer}/orders?${query}`, { token });
      expect(answer.status).toBe(200);
      const page = answer.body;
      seen.push(...page.orders);
      cursor = page.next_cursor;
      if (!page.has_more) return { orders: seen, cursor };
    }
  }

  it('serves health, readiness and metrics without NATS', async () => {
    expect((await call('GET', '/healthz')).status).toBe(200);
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ info: { postgres: { status: 'up' }, migrations: { status: 'up' } } });
    expect(ready.body.info).not.toHaveProperty('nats');
    const metrics = await fetch(`${url}/metrics`);
    expect(await metrics.text()).toContain('http_requests_total');
  });

  it('signs in with email and password, and stores neither password nor token in the clear', async () => {
    const account = await createAccount('walmart', 'Plain@Example.com');
    expect(account.one_time_code).toBeNull();
    expect(
      (await admin('POST', '/r/walmart/accounts', { email: 'plain@example.com', password: 'x'.repeat(8) })).status,
    ).toBe(409);

    const token = await signIn('walmart', 'PLAIN@example.com');
    expect(token).toMatch(/^sbx_sess_[\w-]{43}$/);
    for (const [email, password] of [
      ['plain@example.com', 'wrong password'],
      ['nobody@example.com', 'correct horse battery'],
    ]) {
      const refused = await call('POST', '/r/walmart/sessions', { body: { email, password } });
      expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_credentials' } });
    }
    // The same email at another retailer is another account.
    expect(
      (
        await call('POST', '/r/target/sessions', {
          body: { email: 'plain@example.com', password: 'correct horse battery' },
        })
      ).status,
    ).toBe(401);
    expect((await call('POST', '/r/not-a-retailer/sessions', { body: { email: 'a', password: 'b' } })).status).toBe(
      404,
    );

    const db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT a.password_hash, s.token_hash FROM sandbox.accounts a JOIN sandbox.sessions s ON s.account_id = a.id
          WHERE a.email = 'plain@example.com'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].password_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(rows)).not.toContain('correct horse');
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await db.end();
    }
  });

  it('asks accounts with a one-time code for it, and ends the challenge after use or five wrong codes', async () => {
    const account = await createAccount('target', 'otp@example.com', true);
    expect(account.one_time_code).toMatch(/^\d{6}$/);
    const code = account.one_time_code!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await admin('GET', '/r/target/accounts/otp@example.com')).body.one_time_code).toBe(code);

    const started = await call('POST', '/r/target/sessions', {
      body: { email: 'otp@example.com', password: 'correct horse battery' },
    });
    expect(started).toMatchObject({ status: 202, body: { one_time_code_required: true, sent_to: 'o***@example.com' } });
    const challengeId = started.body.challenge_id as string;
    expect(started.body).not.toHaveProperty('session_token');

    const miss = await call('POST', '/r/target/sessions/one-time-code', {
      body: { challenge_id: challengeId, code: wrong },
    });
    expect(miss).toMatchObject({ status: 401, body: { error: 'invalid_code', attempts_left: 4 } });
    const hit = await call('POST', '/r/target/sessions/one-time-code', { body: { challenge_id: challengeId, code } });
    expect(hit.status).toBe(201);
    expect((await call('GET', '/r/target/orders', { token: hit.body.session_token as string })).status).toBe(200);
    const reused = await call('POST', '/r/target/sessions/one-time-code', {
      body: { challenge_id: challengeId, code },
    });
    expect(reused).toMatchObject({ status: 410, body: { error: 'challenge_expired' } });

    const second = await call('POST', '/r/target/sessions', {
      body: { email: 'otp@example.com', password: 'correct horse battery' },
    });
    const secondId = second.body.challenge_id as string;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await call('POST', '/r/target/sessions/one-time-code', {
        body: { challenge_id: secondId, code: wrong },
      });
      expect(answer.status).toBe(401);
    }
    const tooLate = await call('POST', '/r/target/sessions/one-time-code', { body: { challenge_id: secondId, code } });
    expect(tooLate.status).toBe(410);

    // A chosen code, for scripted tests and demos.
    expect((await createAccount('target', 'fixed@example.com', '424242')).one_time_code).toBe('424242');
  });

  it('lists orders since a cursor: history first, then only what is new, each order once', async () => {
    await createAccount('kroger', 'shopper@example.com');
    const history = await admin('POST', '/r/kroger/accounts/shopper@example.com/orders', {
      count: 5,
      back_date_days: 90,
    });
    expect(history.status).toBe(201);
    const created = history.body.orders as OrderDetail[];
    const token = await signIn('kroger', 'shopper@example.com');

    const first = await listAll('kroger', token);
    expect(first.orders.map((order) => order.order_id)).toEqual(created.map((order) => order.order_id));
    const dates = first.orders.map((order) => order.ordered_at);
    expect([...dates].sort()).toEqual(dates);
    expect(Date.parse(dates[0]!)).toBeGreaterThan(Date.now() - 91 * 86_400_000);

    const empty = await listAll('kroger', token, first.cursor);
    expect(empty).toEqual({ orders: [], cursor: first.cursor });

    // An order placed long ago but appearing now (a late in-store receipt) is still "new".
    const late = await admin('POST', '/r/kroger/accounts/shopper@example.com/orders', {
      lines: [
        {
          name: 'Cheerios, 18 oz',
          brand: 'Cheerios',
          upc: '016000275263',
          sku: 'GM-CHRS-18',
          unit_price: '5.49',
          quantity: 2,
        },
        { name: 'Store bag', unit_price: '0.10', quantity: 1 },
      ],
      channel: 'in_store',
      store_number: '0311',
      discounts: '1.00',
      tax_rate_bps: 825,
      ordered_at: '2025-06-01T10:00:00Z',
    });
    expect(late.status).toBe(201);
    const fresh = await admin('POST', '/r/kroger/accounts/shopper@example.com/orders', { items: 3 });
    const next = await listAll('kroger', token, first.cursor);
    const lateOrder = (late.body.orders as OrderDetail[])[0]!;
    const freshOrder = (fresh.body.orders as OrderDetail[])[0]!;
    expect(next.orders.map((order) => order.order_id)).toEqual([lateOrder.order_id, freshOrder.order_id]);
    expect(freshOrder.items).toHaveLength(3);

    const detail = await call('GET', `/r/kroger/orders/${lateOrder.order_id}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      order_id: lateOrder.order_id,
      ordered_at: '2025-06-01T10:00:00.000Z',
      channel: 'in_store',
      store_number: '0311',
      subtotal: '11.08',
      discounts: '1.00',
      shipping: '0.00',
      tax: '0.83',
      total: '10.91',
    });
    expect((detail.body.items as OrderDetail['items'])[0]).toMatchObject({
      upc: '016000275263',
      quantity: 2,
      unit_price: '5.49',
    });

    for (const order of created) {
      const { body } = await call<OrderDetail>('GET', `/r/kroger/orders/${order.order_id}`, { token });
      for (const line of body.items) expect(line.upc).toMatch(/^\d{12}$/);
      expect(cents(body.total)).toBe(
        cents(body.subtotal) - cents(body.discounts) + cents(body.shipping) + cents(body.fees) + cents(body.tax),
      );
    }

    // Several details in one call: the same receipts, in the order asked, unknown ids left out.
    const ids = [freshOrder.order_id, 'KRO-000000000000', lateOrder.order_id, freshOrder.order_id];
    const batch = await call<{ orders: OrderDetail[] }>('GET', `/r/kroger/order-details?ids=${ids.join(',')}`, {
      token,
    });
    expect(batch.status).toBe(200);
    expect(batch.body.orders.map((order) => order.order_id)).toEqual([freshOrder.order_id, lateOrder.order_id]);
    expect(batch.body.orders[1]).toEqual(detail.body);
    for (const query of ['', '?ids=', `?ids=${Array.from({ length: 101 }, (_, i) => `KRO-${i}`).join(',')}`]) {
      const refused = await call('GET', `/r/kroger/order-details${query}`, { token });
      expect([refused.status, refused.body.error]).toEqual([422, 'invalid_request']);
    }
    expect((await call('GET', `/r/kroger/order-details?ids=${lateOrder.order_id}`)).status).toBe(401);

    // Another account never sees these orders; a cursor must be one the sandbox issued.
    await createAccount('kroger', 'other@example.com');
    const otherToken = await signIn('kroger', 'other@example.com');
    expect((await call('GET', `/r/kroger/orders/${lateOrder.order_id}`, { token: otherToken })).status).toBe(404);
    const others = await call<{ orders: OrderDetail[] }>('GET', `/r/kroger/order-details?ids=${lateOrder.order_id}`, {
      token: otherToken,
    });
    expect([others.status, others.body.orders]).toEqual([200, []]);
    expect((await listAll('kroger', otherToken)).orders).toEqual([]);
    expect((await call('GET', '/r/kroger/orders?since=bogus', { token })).body.error).toBe('invalid_cursor');
    expect((await call('GET', '/r/target/orders', { token })).body.error).toBe('session_invalid');
  });

  it('numbers orders added concurrently without gaps, so a cursor never skips one', async () => {
    await createAccount('costco', 'busy@example.com');
    const token = await signIn('costco', 'busy@example.com');
    const adds = await Promise.all(
      Array.from({ length: 10 }, () => admin('POST', '/r/costco/accounts/busy@example.com/orders', { count: 3 })),
    );
    expect(adds.every((add) => add.status === 201)).toBe(true);
    const listed = await listAll('costco', token, undefined, 7);
    expect(listed.orders).toHaveLength(30);
    expect(new Set(listed.orders.map((order) => order.order_id)).size).toBe(30);
  });

  it('breaks sessions on demand: expiry keeps the password, a password change revokes everything', async () => {
    await createAccount('walmart', 'breakable@example.com');
    const token = await signIn('walmart', 'breakable@example.com');

    expect((await admin('POST', '/r/walmart/accounts/breakable@example.com/sessions/expire')).body).toEqual({
      expired_sessions: 1,
    });
    const expired = await call('GET', '/r/walmart/orders', { token });
    expect(expired).toMatchObject({ status: 401, body: { error: 'session_expired' } });
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');

    const again = await signIn('walmart', 'breakable@example.com');
    const changed = await admin('POST', '/r/walmart/accounts/breakable@example.com/password', {
      password: 'a new password',
    });
    expect(changed.body).toEqual({ revoked_sessions: 1 });
    expect((await call('GET', '/r/walmart/orders', { token: again })).body.error).toBe('session_revoked');
    const old = await call('POST', '/r/walmart/sessions', {
      body: { email: 'breakable@example.com', password: 'correct horse battery' },
    });
    expect(old.status).toBe(401);
    const renewed = await signIn('walmart', 'breakable@example.com', 'a new password');

    expect((await call('DELETE', '/r/walmart/sessions/current', { token: renewed })).status).toBe(204);
    expect((await call('GET', '/r/walmart/orders', { token: renewed })).body.error).toBe('session_revoked');
    expect((await call('GET', '/r/walmart/orders')).body.error).toBe('session_invalid');
  });

  it('injects failures per account or per retailer: 429 with Retry-After, 5xx, slow answers', async () => {
    await createAccount('amazon', 'flaky@example.com');
    await createAccount('amazon', 'steady@example.com');
    const flaky = await signIn('amazon', 'flaky@example.com');
    const steady = await signIn('amazon', 'steady@example.com');

    const limited = await admin('POST', '/r/amazon/failures', {
      account_email: 'flaky@example.com',
      kind: 'rate_limit',
      retry_after_seconds: 7,
      times: 2,
    });
    expect(limited).toMatchObject({ status: 201, body: { kind: 'rate_limit', status: 429, remaining: 2 } });
    for (let i = 0; i < 2; i += 1) {
      const answer = await call('GET', '/r/amazon/orders', { token: flaky });
      expect(answer).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
      expect(answer.headers.get('retry-after')).toBe('7');
      expect((await call('GET', '/r/amazon/orders', { token: steady })).status).toBe(200);
    }
    expect((await call('GET', '/r/amazon/orders', { token: flaky })).status).toBe(200);

    // Retailer-wide outage of sign-in only: signed-in sessions still read orders.
    const outage = await admin('POST', '/r/amazon/failures', { kind: 'server_error', status: 502, scope: 'sign_in' });
    const signInDuringOutage = await call('POST', '/r/amazon/sessions', {
      body: { email: 'steady@example.com', password: 'correct horse battery' },
    });
    expect(signInDuringOutage).toMatchObject({ status: 502, body: { error: 'server_error' } });
    expect((await call('GET', '/r/amazon/orders', { token: steady })).status).toBe(200);
    expect((await call('GET', '/r/walmart/orders', { token: steady })).status).toBe(401);
    const listed = await admin('GET', '/r/amazon/failures');
    expect((listed.body.failures as Array<{ failure_id: string }>).map((failure) => failure.failure_id)).toEqual([
      outage.body.failure_id,
    ]);
    expect((await admin('DELETE', `/r/amazon/failures/${outage.body.failure_id as string}`)).status).toBe(204);
    expect(
      (
        await call('POST', '/r/amazon/sessions', {
          body: { email: 'steady@example.com', password: 'correct horse battery' },
        })
      ).status,
    ).toBe(201);

    await admin('POST', '/r/amazon/failures', {
      kind: 'delay',
      delay_ms: 700,
      account_email: 'flaky@example.com',
      scope: 'orders',
    });
    let started = Date.now();
    expect((await call('GET', '/r/amazon/orders', { token: flaky })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    started = Date.now();
    expect((await call('GET', '/r/amazon/orders', { token: steady })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);

    expect((await admin('DELETE', '/r/amazon/failures')).status).toBe(204);
    expect((await admin('GET', '/r/amazon/failures')).body).toEqual({ failures: [] });

    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/sandbox_injected_failures_total\{retailer="amazon",kind="rate_limit"[^}]*\} 2/);
  });

  it('refuses the admin API without the admin token and validates what it is given', async () => {
    const anonymous = await call('POST', '/admin/r/walmart/accounts', {
      body: { email: 'a@b.test', password: 'long enough' },
    });
    expect(anonymous).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    const wrong = await call('GET', '/admin/r/walmart/failures', { token: 'not-the-token' });
    expect(wrong.status).toBe(401);
    for (const body of [
      { email: 'not-an-email', password: 'long enough' },
      { email: 'a@b.test', password: 'short' },
      { email: 'a@b.test', password: 'long enough', one_time_code: '12' },
    ]) {
      expect((await admin('POST', '/r/walmart/accounts', body)).status).toBe(422);
    }
    await createAccount('walmart', 'valid@example.com');
    for (const body of [
      { lines: [{ name: 'x', upc: '037000878781', unit_price: '1.00', quantity: 1 }] },
      { count: 2, lines: [{ name: 'x', unit_price: '1.00', quantity: 1 }] },
      { items: 21 },
      { ordered_at: '2026-01-01T00:00:00Z', back_date_days: 3 },
    ]) {
      const refused = await admin('POST', '/r/walmart/accounts/valid@example.com/orders', body);
      expect(refused).toMatchObject({ status: 422, body: { error: 'invalid_request' } });
    }
    expect((await admin('POST', '/r/walmart/accounts/nobody@example.com/orders', {})).status).toBe(404);
    expect((await admin('POST', '/r/walmart/failures', { kind: 'delay' })).status).toBe(422);
  });

  it('keeps accounts, sessions and orders across a restart', async () => {
    await createAccount('target', 'durable@example.com');
    await admin('POST', '/r/target/accounts/durable@example.com/orders', { count: 3 });
    const token = await signIn('target', 'durable@example.com');
    const before = await listAll('target', token);

    const service = platform.platform.service('sandbox-retailer');
    await service.stop();
    service.start();
    await service.waitReady();

    const after = await listAll('target', token);
    expect(after).toEqual(before);
    expect(after.orders).toHaveLength(3);
  });
});
