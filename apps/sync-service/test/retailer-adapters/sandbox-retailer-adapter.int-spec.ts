import { randomBytes } from 'node:crypto';
import { SecretBox } from '@cps/persistence';
import { TestPlatform } from '@cps/testing';
import { type RetailerSession } from '../../src/retailer-adapters/retailer-adapter.js';
import { RetailerCredentialVault } from '../../src/retailer-adapters/retailer-credential-vault.js';
import { RateLimited, RetailerUnavailable, SessionLost } from '../../src/retailer-adapters/retailer-errors.js';
import { SandboxRetailerAdapter } from '../../src/retailer-adapters/sandbox-retailer.adapter.js';

const ADMIN_TOKEN = 'sandbox-admin-development-token';
const PASSWORD = 'correct horse battery';

/** The real sandbox retailer as a process, reached through the adapter sync-service uses. */
describe('SandboxRetailerAdapter against the sandbox retailer', () => {
  let platform: TestPlatform;
  let url: string;
  const adapterFor = (retailerId: string, timeoutMs = 2_000) =>
    new SandboxRetailerAdapter({ retailerId, baseUrl: url, timeoutMs, pageSize: 3 });

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['sandbox-retailer'] });
    url = platform.platform.service('sandbox-retailer').url;
  });
  afterAll(() => platform?.stop());

  async function admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
  }

  async function signedIn(retailerId: string, email: string): Promise<RetailerSession> {
    const result = await adapterFor(retailerId).signIn({ email, password: PASSWORD });
    if (result.kind !== 'signed_in') throw new Error(`expected a session, got ${result.kind}`);
    return result.session;
  }

  it('signs in through the one-time code and walks the whole history, then only new orders', async () => {
    const account = await admin('POST', '/r/walmart/accounts', {
      email: 'linker@example.com',
      password: PASSWORD,
      one_time_code: true,
    });
    await admin('POST', '/r/walmart/accounts/linker@example.com/orders', { count: 7, back_date_days: 60 });
    const adapter = adapterFor('walmart');

    await expect(adapter.signIn({ email: 'linker@example.com', password: 'wrong' })).resolves.toEqual({
      kind: 'invalid_credentials',
    });
    const started = await adapter.signIn({ email: 'linker@example.com', password: PASSWORD });
    if (started.kind !== 'needs_one_time_code') throw new Error(`expected a challenge, got ${started.kind}`);
    expect(started.challenge.sentTo).toBe('l***@example.com');
    await expect(adapter.answerOneTimeCode(started.challenge, '12345x')).resolves.toEqual({
      kind: 'invalid_code',
      attemptsLeft: null,
    });
    const wrong = account.one_time_code === '000000' ? '111111' : '000000';
    await expect(adapter.answerOneTimeCode(started.challenge, wrong)).resolves.toEqual({
      kind: 'invalid_code',
      attemptsLeft: 4,
    });
    const answered = await adapter.answerOneTimeCode(started.challenge, account.one_time_code as string);
    if (answered.kind !== 'signed_in') throw new Error(`expected a session, got ${answered.kind}`);
    const session = answered.session;
    expect(session.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    await expect(adapter.answerOneTimeCode(started.challenge, account.one_time_code as string)).resolves.toEqual({
      kind: 'challenge_expired',
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await adapter.listOrdersSince(session, cursor);
      seen.push(...page.orders.map((order) => order.retailerOrderId));
      cursor = page.nextCursor;
      pages += 1;
      if (!page.hasMore) break;
    }
    expect(seen).toHaveLength(7);
    expect(pages).toBe(3);
    const quiet = await adapter.listOrdersSince(session, cursor);
    expect(quiet).toEqual({ orders: [], nextCursor: cursor, hasMore: false });

    const added = (await admin('POST', '/r/walmart/accounts/linker@example.com/orders', { items: 4 })).orders as Array<{
      order_id: string;
    }>;
    const fresh = await adapter.listOrdersSince(session, cursor);
    expect(fresh.orders.map((order) => order.retailerOrderId)).toEqual([added[0]!.order_id]);

    const detail = await adapter.getOrderDetail(session, added[0]!.order_id);
    expect(detail.lines).toHaveLength(4);
    const { totals } = detail;
    expect(totals.itemsSubtotal).toBe(detail.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0));
    expect(totals.total).toBe(totals.itemsSubtotal - totals.discounts + totals.shipping + totals.fees + totals.tax);
    expect(fresh.orders[0]!.totalCents).toBe(totals.total);

    // The whole history's details in one call per 3 orders (the page size), the same receipts as one by one.
    const ids = seen;
    const batch = await adapter.getOrderDetails(session, ids);
    expect(batch.map((order) => order.retailerOrderId)).toEqual(ids);
    expect(batch[0]).toEqual(await adapter.getOrderDetail(session, ids[0]!));
    await expect(adapter.getOrderDetails(session, [...ids, 'WAL-000000000000'])).rejects.toMatchObject({
      reason: 'unexpected_response',
    });
  });

  it('reports a lost session: expired, then revoked by a password change (old password refused)', async () => {
    await admin('POST', '/r/target/accounts', { email: 'lost@example.com', password: PASSWORD });
    const adapter = adapterFor('target');
    const first = await signedIn('target', 'lost@example.com');
    await admin('POST', '/r/target/accounts/lost@example.com/sessions/expire');
    const expired = await adapter.listOrdersSince(first, null).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(SessionLost);
    expect(expired).toMatchObject({ reason: 'expired', retailerId: 'target' });

    const second = await signedIn('target', 'lost@example.com');
    await admin('POST', '/r/target/accounts/lost@example.com/password', { password: 'a brand new password' });
    await expect(adapter.getOrderDetail(second, 'TAR-000000000000')).rejects.toMatchObject({ reason: 'revoked' });
    await expect(adapter.signIn({ email: 'lost@example.com', password: PASSWORD })).resolves.toEqual({
      kind: 'invalid_credentials',
    });
  });

  it('turns injected failures into RateLimited and RetailerUnavailable, and times out slow answers', async () => {
    await admin('POST', '/r/costco/accounts', { email: 'flaky@example.com', password: PASSWORD });
    const session = await signedIn('costco', 'flaky@example.com');
    const adapter = adapterFor('costco', 500);
    const failing = () => adapter.listOrdersSince(session, null).catch((error: unknown) => error);

    await admin('POST', '/r/costco/failures', { kind: 'rate_limit', retry_after_seconds: 5, times: 1 });
    const limited = await failing();
    expect(limited).toBeInstanceOf(RateLimited);
    expect(limited).toMatchObject({ retryAfterMs: 5_000 });

    await admin('POST', '/r/costco/failures', { kind: 'server_error', status: 503, times: 1 });
    expect(await failing()).toMatchObject({ reason: 'server_error', status: 503 });

    await admin('POST', '/r/costco/failures', { kind: 'delay', delay_ms: 1_500, times: 1 });
    const started = Date.now();
    const slow = await failing();
    expect(slow).toBeInstanceOf(RetailerUnavailable);
    expect(slow).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_200);

    await expect(adapter.listOrdersSince(session, null)).resolves.toMatchObject({ orders: [], hasMore: false });
  });

  it('keeps a working session usable after a trip through the vault', async () => {
    await admin('POST', '/r/kroger/accounts', { email: 'vaulted@example.com', password: PASSWORD });
    const vault = new RetailerCredentialVault(new SecretBox(randomBytes(32).toString('base64')));
    const sealedCredentials = vault.sealCredentials('conn_1', { email: 'vaulted@example.com', password: PASSWORD });
    const adapter = adapterFor('kroger');
    const result = await adapter.signIn(vault.openCredentials('conn_1', sealedCredentials));
    if (result.kind !== 'signed_in') throw new Error(`expected a session, got ${result.kind}`);
    const sealedSession = vault.sealSession('conn_1', result.session);
    expect(sealedSession).not.toContain(result.session.token);
    await expect(adapter.listOrdersSince(vault.openSession('conn_1', sealedSession), null)).resolves.toMatchObject({
      orders: [],
    });
  });
});
