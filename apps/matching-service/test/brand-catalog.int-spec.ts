import { gtinCheckDigit } from '@cps/domain';
import { eventually, OAuthFixture, WebhookReceiver } from '@cps/testing';
import {
  createLinkToken,
  enableRetailer,
  FAST_EVENTS_ENV,
  FAST_SYNC_ENV,
  LinkFlowClient,
  SandboxAdmin,
} from '@cps/testing';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Body = any;

const DAY = 24 * 3600 * 1000;
const SOAP_UPC = '036000291452';
const OTHER_UPC = '012000809965';

/** A valid UPC-A for a number (test catalogs of any size). */
const upcOf = (n: number) => {
  const body = String(n).padStart(11, '0');
  return `${body}${gtinCheckDigit(body)}`;
};

/**
 * The brand catalog over HTTP and what it does to matching, against the whole platform: uploads in JSON and CSV
 * with per-row results, a shopper's real link at the sandbox retailer whose items match by UPC and by the
 * retailer's SKU, a partner app's `purchases:brand_products` token seeing exactly those items, and catalog
 * changes re-matching the last 90 days without a second `purchase.created`.
 */
describe('brand catalog and product matching (real services)', () => {
  let fixture: OAuthFixture;
  let receiver: WebhookReceiver;
  let sandbox: SandboxAdmin;
  let apiKey: string;
  let otherKey: string;
  let partnerToken: string;

  const api = async (
    path: string,
    init: { method?: string; key?: string; bearer?: string; body?: unknown; csv?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (init.key) headers['x-api-key'] = init.key;
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    if (init.csv !== undefined) headers['content-type'] = 'text/csv';
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${fixture.platform.gatewayUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.csv ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Body, headers: response.headers };
  };
  const put = (rows: unknown, key = apiKey) => api('/products', { method: 'PUT', key, body: rows });
  const putCsv = (csv: string, key = apiKey) => api('/products', { method: 'PUT', key, csv });
  const statuses = (body: Body) =>
    (body.results as Body[]).map((r) =>
      r.status === 'rejected' ? `rejected:${r.errors.map((e: Body) => e.type).join(',')}` : r.status,
    );

  beforeAll(async () => {
    fixture = await OAuthFixture.start(
      ['auth-server', 'api-gateway', 'sync-service', 'matching-service', 'events-service', 'sandbox-retailer'],
      { 'sync-service': FAST_SYNC_ENV, 'events-service': FAST_EVENTS_ENV },
    );
    receiver = await new WebhookReceiver().start();
    sandbox = SandboxAdmin.of(fixture.platform);
    // The brand: a dashboard user's team, with an API key and a partner app installed by that user.
    const app = await fixture.createApp('Loyalty Co');
    const { user, tokens } = await fixture.install(app);
    const teamId = user.teamIds[0]!;
    apiKey = (await fixture.platform.admin.createApiKey(teamId, 'catalog key')).api_key;
    partnerToken = tokens.access_token;
    otherKey = (await fixture.platform.createTeam('Other Brand')).apiKey;
    await enableRetailer(fixture.platform, { teamId, apiKey, keyId: '' }, 'walmart');
    const webhook = await api('/webhooks', {
      method: 'POST',
      key: apiKey,
      body: { url: receiver.url, event_types: ['purchase.created'] },
    });
    expect(webhook.status).toBe(201);
  });

  afterAll(async () => {
    await receiver?.stop();
    await fixture?.stop();
  });

  const ids: Record<string, string> = {};

  it('upserts JSON rows one by one, reporting each rejected row with its reasons', async () => {
    const rows = [
      { name: 'Acme Dish Soap Lemon 12 oz', brand: 'Acme', upc: SOAP_UPC, group: 'kitchen' },
      { name: 'Acme Paper Towels 6 Rolls', brand: 'Acme', skus: { walmart: 'WM-TOWEL-6' }, group: 'paper' },
      { name: 'Bad check digit', upc: '036000291453' },
      { name: 'Same UPC again', upc: '0-36000-29145-2' },
      { brand: 'Acme', sku: 'NO-NAME' },
      { name: 'Unknown product id', product_id: '01JD3MC4X6Z8B0D2F4H6K8M0P2' },
    ];
    expect((await api('/products', { method: 'PUT', body: rows })).status).toBe(401);
    const first = await put(rows);
    expect(first.status).toBe(200);
    expect(statuses(first.body)).toEqual([
      'created',
      'created',
      'rejected:gtin_bad_check_digit',
      'rejected:duplicate_in_file',
      'rejected:missing',
      'rejected:not_found',
    ]);
    expect(first.body).toMatchObject({ created: 2, updated: 0, unchanged: 0, rejected: 4 });
    expect(first.body.results[3].errors[0].msg).toBe('duplicate key in the file: same upc as row 1');
    ids.soap = first.body.results[0].product_id;
    ids.towel = first.body.results[1].product_id;

    // The same file again changes nothing.
    const again = await put(rows);
    expect(statuses(again.body).slice(0, 2)).toEqual(['unchanged', 'unchanged']);
    expect(again.body.results[0].product_id).toBe(ids.soap);

    const soap = await api(`/products/${ids.soap}`, { key: apiKey });
    expect(soap).toMatchObject({
      status: 200,
      body: {
        product_id: ids.soap,
        name: 'Acme Dish Soap Lemon 12 oz',
        brand: 'Acme',
        upc: '00036000291452',
        sku: null,
        skus: {},
        group: 'kitchen',
      },
    });
    const towel = await api(`/products/${ids.towel}`, { key: apiKey });
    expect(towel.body.skus).toEqual({ walmart: 'WM-TOWEL-6' });
  });

  it('takes CSV with sku:<retailer> columns, and refuses a file it cannot read', async () => {
    const csv = [
      'product_id,name,brand,upc,sku:walmart,group',
      `${ids.soap},"Acme Dish Soap, Lemon, 12 oz",Acme,${SOAP_UPC},,kitchen`,
      ',Acme Glass Cleaner 32 oz,Acme,,WM-GLASS-32,cleaning',
      ',Acme Oven Spray,Acme,12345,,',
    ].join('\r\n');
    const answer = await putCsv(csv);
    expect(answer.status).toBe(200);
    expect(statuses(answer.body)).toEqual(['updated', 'created', 'rejected:gtin_bad_length']);
    expect((await api(`/products/${ids.soap}`, { key: apiKey })).body.name).toBe('Acme Dish Soap, Lemon, 12 oz');
    expect(statuses((await putCsv(csv)).body)).toEqual(['unchanged', 'unchanged', 'rejected:gtin_bad_length']);

    const unknownColumn = await putCsv('name,colour\nx,red\n');
    expect(unknownColumn.status).toBe(422);
    expect(unknownColumn.body.detail[0]).toMatchObject({ type: 'csv_unknown_column', loc: ['body', 'header', 1] });
    const broken = await putCsv('name,upc\n"unterminated,1\n');
    expect(broken.status).toBe(422);
    expect((await api('/products', { method: 'PUT', key: apiKey, body: { name: 'not a list' } })).status).toBe(422);
    expect((await api('/products', { method: 'PUT', key: apiKey, body: [] })).status).toBe(422);
    const form = await fetch(`${fixture.platform.gatewayUrl}/products`, {
      method: 'PUT',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(form.status).toBe(415);
  });

  it('lists, pages and filters by group; another team sees none of it; partner tokens lack products:read', async () => {
    const all = await api('/products?limit=2', { key: apiKey });
    expect(all.status).toBe(200);
    expect(all.body.products).toHaveLength(2);
    expect(all.body.has_more).toBe(true);
    const next = await api(`/products?limit=2&starting_after=${all.body.products[1].product_id}`, { key: apiKey });
    expect(next.body).toMatchObject({ has_more: false });
    expect(next.body.products).toHaveLength(1);
    const paper = await api('/products?group=paper', { key: apiKey });
    expect(paper.body.products.map((p: Body) => p.product_id)).toEqual([ids.towel]);
    expect((await api('/products?limit=0', { key: apiKey })).status).toBe(422);

    expect((await api('/products', { key: otherKey })).body).toEqual({ products: [], has_more: false });
    expect((await api(`/products/${ids.soap}`, { key: otherKey })).status).toBe(404);
    expect((await api(`/products/${ids.soap}`, { method: 'DELETE', key: otherKey })).status).toBe(404);
    // Another team uploading the same UPC gets a product of its own.
    const theirs = await put([{ name: 'Their soap', upc: SOAP_UPC }], otherKey);
    expect(statuses(theirs.body)).toEqual(['created']);
    expect(theirs.body.results[0].product_id).not.toBe(ids.soap);

    const forbidden = await api('/products', { bearer: partnerToken });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: 'insufficient_scope' });
    expect((await api('/products', { method: 'PUT', bearer: partnerToken, body: [{ name: 'x' }] })).status).toBe(403);
  });

  it('admits 10,000 rows in one request (a body far above 1 MB), and refuses 10,001', async () => {
    const team = await fixture.platform.createTeam('Big Catalog');
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Big Catalog Product number ${i} with a reasonably long descriptive name, 500 ml`,
      brand: 'Big Catalog Brand',
      upc: upcOf(900_000_000 + i),
      sku: `BIG-${i}`,
      skus: { walmart: `W-${i}`, target: `T-${i}` },
      group: `group-${i % 10}`,
    }));
    expect(JSON.stringify(rows).length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await put(rows, team.apiKey);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: 10_000, rejected: 0 });
    const again = await put(rows, team.apiKey);
    expect(again.body).toMatchObject({ unchanged: 10_000 });
    const tooMany = await put([...rows, { name: 'one more' }], team.apiKey);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0]).toMatchObject({ type: 'too_long', loc: ['body'] });
  });

  describe('matching a real link', () => {
    const email = 'catalog-shopper@else.test';
    const purchases: Record<string, string> = {};

    const partnerView = (purchaseId: string) => api(`/purchases/${purchaseId}`, { bearer: partnerToken });
    const productIds = (body: Body) => (body.items as Body[]).map((item) => item.product.product_id).sort();

    beforeAll(async () => {
      await sandbox.createAccount('walmart', email, 'catalog password');
      const order = async (key: string, daysAgo: number, lines: Body[]) => {
        await sandbox.addOrders('walmart', email, {
          ordered_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
          lines: lines.map((line) => ({ unit_price: '2.50', quantity: 1, brand: null, upc: null, sku: null, ...line })),
        });
        return key;
      };
      await order('basket', 10, [
        { name: 'ACME DISH SOAP LEMON 12OZ', brand: 'Acme', upc: SOAP_UPC },
        { name: 'Acme Towels 6pk', sku: 'WM-TOWEL-6' },
        { name: 'Glow Shampoo 400 ml', brand: 'Glow', upc: OTHER_UPC, sku: 'WM-GLOW-1' },
        { name: 'Acme Sponge 3 ct', sku: 'WM-SPONGE-3' },
      ]);
      await order('unrelated', 5, [{ name: 'Glow Conditioner', brand: 'Glow', sku: 'WM-GLOW-2' }]);
      await order('old', 120, [{ name: 'Acme Sponge 3 ct', sku: 'WM-SPONGE-3', quantity: 2 }]);

      const token = await createLinkToken(
        fixture.platform,
        { teamId: '', apiKey, keyId: '' },
        { customer_id: 'catalog-cust', email },
      );
      const client = new LinkFlowClient(fixture.platform.gatewayUrl);
      await client.open(`/link?link_token=${token}&redirect_url=${encodeURIComponent('https://brand.test/back')}`);
      await client.linkAccount('walmart', email, 'catalog password');

      const created = await eventually(() => {
        const bodies = receiver.ofType('purchase.created').map((request) => JSON.parse(request.body) as Body);
        if (bodies.length < 3) throw new Error(`${bodies.length} of 3 purchase.created so far`);
        return bodies;
      }, 60_000);
      for (const body of created) {
        const names = (body.data.purchase.items as Body[]).map((item) => item.name);
        const key = names.includes('Glow Conditioner') ? 'unrelated' : names.length === 1 ? 'old' : 'basket';
        purchases[key] = body.data.purchase.purchase_id;
      }
    });

    it('matches by UPC and by the retailer SKU; the partner token sees exactly the matched items', async () => {
      const basket = await partnerView(purchases.basket!);
      expect(basket.status).toBe(200);
      expect(productIds(basket.body)).toEqual([ids.soap, ids.towel].sort());
      expect(basket.body.item_count).toBe(2);
      expect(basket.body.items_subtotal).toBe('5.00');
      const soap = (basket.body.items as Body[]).find((item) => item.product.product_id === ids.soap);
      expect(soap.product).toEqual({
        product_id: ids.soap,
        name: 'Acme Dish Soap, Lemon, 12 oz',
        brand: 'Acme',
        upc: '00036000291452',
      });
      // Nothing of the brand's in these: not theirs to see.
      expect((await partnerView(purchases.unrelated!)).status).toBe(404);
      expect((await partnerView(purchases.old!)).status).toBe(404);

      const methods = await fixture.db.query(
        `SELECT item_name, method, confidence::float AS confidence FROM matching.item_matches
          WHERE purchase_id = $1 ORDER BY item_name`,
        [purchases.basket],
      );
      expect(methods.rows).toEqual([
        { item_name: 'ACME DISH SOAP LEMON 12OZ', method: 'gtin', confidence: 1 },
        { item_name: 'Acme Sponge 3 ct', method: 'none', confidence: 0 },
        { item_name: 'Acme Towels 6pk', method: 'retailer_sku', confidence: 0.99 },
        { item_name: 'Glow Shampoo 400 ml', method: 'none', confidence: 0 },
      ]);
    });

    it('re-matches the last 90 days when the catalog changes, without another purchase.created', async () => {
      const createdBefore = receiver.ofType('purchase.created').length;
      const added = await putCsv('name,brand,sku:walmart\nAcme Scrub Sponge 3 ct,Acme,WM-SPONGE-3\n');
      expect(statuses(added.body)).toEqual(['created']);
      const sponge = added.body.results[0].product_id as string;

      const seen = await eventually(async () => {
        const view = await partnerView(purchases.basket!);
        if (view.body.items?.length !== 3) throw new Error('not re-matched yet');
        return view.body;
      }, 30_000);
      expect(productIds(seen)).toEqual([ids.soap, ids.towel, sponge].sort());
      // 120 days ago is outside the window.
      expect((await partnerView(purchases.old!)).status).toBe(404);

      // A deleted product's items are matched again without it.
      expect((await api(`/products/${ids.soap}`, { method: 'DELETE', key: apiKey })).status).toBe(204);
      expect((await api(`/products/${ids.soap}`, { key: apiKey })).status).toBe(404);
      const afterDelete = await eventually(async () => {
        const view = await partnerView(purchases.basket!);
        if (view.body.items?.length !== 2) throw new Error('not re-matched yet');
        return view.body;
      }, 30_000);
      expect(productIds(afterDelete)).toEqual([ids.towel, sponge].sort());

      // Give a wrongly emitted event time to arrive: none may.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(receiver.ofType('purchase.created')).toHaveLength(createdBefore);
    });
  });
});
