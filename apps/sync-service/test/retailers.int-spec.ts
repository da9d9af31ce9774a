import { SyncContracts } from '@cps/contracts';
import { TestPlatform } from '@cps/testing';
import { refusalOf } from './support.js';

describe('sync-service: PATCH /retailers rules over NATS', () => {
  let platform: TestPlatform;
  let teamA: string;
  let teamB: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service'],
    });
    teamA = (await platform.admin.createTeam('Retailers A')).team_id;
    teamB = (await platform.admin.createTeam('Retailers B')).team_id;
  });
  afterAll(() => platform?.stop());

  type UpdateRequest = Parameters<typeof platform.admin.request<typeof SyncContracts.updateRetailer>>[1];
  const patch = (retailerId: string, body: Omit<UpdateRequest, 'teamId' | 'retailerId'>, teamId = teamA) =>
    platform.admin.request(SyncContracts.updateRetailer, { teamId, retailerId, ...body });
  const audience = (allowed_emails: string[], allowed_domains: string[] = []) => ({ allowed_emails, allowed_domains });
  const enabledRow = async (retailerId: string, teamId = teamA) =>
    (await platform.admin.request(SyncContracts.listRetailers, { teamId, include: 'all' })).retailers.find(
      (r) => r.retailer_id === retailerId,
    );

  it('rule 1: link settings need the retailer enabled, already or in the same request', async () => {
    for (const body of [{ link_visibility: 'hidden' as const }, { link_audience: audience(['a@example.com']) }]) {
      expect(await refusalOf(patch('walmart', body))).toEqual({
        status: 404,
        detail: 'retailer walmart is not enabled',
      });
    }
    expect((await enabledRow('walmart'))?.enabled).toBe(false);

    const enabled = await patch('walmart', {
      enabled: true,
      link_visibility: 'restricted',
      link_audience: audience(['VIP@Example.com'], ['Partner.Example']),
    });
    expect(enabled).toMatchObject({
      retailer_id: 'walmart',
      enabled: true,
      link_id: expect.stringMatching(/^[0-9A-Za-z]{10}$/),
      link_visibility: 'restricted',
      link_audience: { allowed_emails: ['vip@example.com'], allowed_domains: ['partner.example'] },
    });
    expect(await enabledRow('walmart')).toEqual(enabled);
  });

  it('rule 2: restricted needs at least one email or domain, counting stored lists', async () => {
    await patch('target', { enabled: true });
    expect(await refusalOf(patch('target', { link_visibility: 'restricted' }))).toEqual({
      status: 422,
      detail: [
        {
          loc: ['body', 'link_audience'],
          msg: 'restricted visibility needs at least one allowed email or domain',
          type: 'value_error',
        },
      ],
    });
    expect(
      await refusalOf(patch('target', { link_visibility: 'restricted', link_audience: audience([], []) })),
    ).toMatchObject({ status: 422, detail: [{ loc: ['body', 'link_audience'] }] });

    // Stored while visible to everyone, then enough for restricted on its own.
    await patch('target', { link_audience: audience([], ['example.com']) });
    expect(await patch('target', { link_visibility: 'restricted' })).toMatchObject({
      link_visibility: 'restricted',
      link_audience: { allowed_emails: [], allowed_domains: ['example.com'] },
    });
    // Emptying the lists of a restricted retailer is refused too, and nothing changes.
    expect(await refusalOf(patch('target', { link_audience: audience([], []) }))).toMatchObject({ status: 422 });
    expect((await enabledRow('target'))?.link_audience).toEqual(audience([], ['example.com']));
  });

  it('rule 3: link settings with enabled: false are refused and nothing is disabled', async () => {
    await patch('costco', { enabled: true });
    expect(await refusalOf(patch('costco', { enabled: false, link_visibility: 'everyone' }))).toEqual({
      status: 422,
      detail: [
        {
          loc: ['body', 'enabled'],
          msg: 'link_visibility and link_audience cannot be sent together with enabled: false',
          type: 'value_error',
          input: false,
        },
      ],
    });
    expect((await enabledRow('costco'))?.enabled).toBe(true);
  });

  it('rule 4: invalid emails and domains are refused with their index', async () => {
    await patch('kroger', { enabled: true });
    const refusal = await refusalOf(
      patch('kroger', {
        link_audience: audience(['ok@example.com', 'not-an-email'], ['https://example.com', 'shop.example', 'a@b.com']),
      }),
    );
    expect(refusal).toEqual({
      status: 422,
      detail: [
        {
          loc: ['body', 'link_audience', 'allowed_emails', 1],
          msg: 'value is not a valid email address: an email address must have an @-sign',
          type: 'value_error',
          input: 'not-an-email',
        },
        {
          loc: ['body', 'link_audience', 'allowed_domains', 0],
          msg: 'value is not a valid domain: a domain must not include a scheme',
          type: 'value_error',
          input: 'https://example.com',
        },
        {
          loc: ['body', 'link_audience', 'allowed_domains', 2],
          msg: 'value is not a valid domain: a domain must not include an @-sign',
          type: 'value_error',
          input: 'a@b.com',
        },
      ],
    });
    expect((await enabledRow('kroger'))?.link_audience).toEqual(audience([], []));
  });

  it('link_audience replaces both lists entirely; entries are stored lower-cased', async () => {
    await patch('cvs', { enabled: true, link_audience: audience(['A@Example.com', 'b@example.com'], ['One.Example']) });
    const replaced = await patch('cvs', { link_audience: audience(['C@example.com']) });
    expect(replaced.link_audience).toEqual(audience(['c@example.com'], []));
    expect(replaced.link_visibility).toBe('everyone');
  });

  it('is idempotent: the same request twice gives the same row and link id', async () => {
    const body = { enabled: true, link_visibility: 'hidden' as const, link_audience: audience(['x@example.com']) };
    const first = await patch('homedepot', body);
    expect(await patch('homedepot', body)).toEqual(first);
    expect(await patch('homedepot', { enabled: true })).toEqual(first);
  });

  it('disabling deletes the configuration; re-enabling issues a new link id and resets the settings', async () => {
    const first = await patch('instacart', {
      enabled: true,
      link_visibility: 'restricted',
      link_audience: audience(['vip@example.com']),
    });
    expect(await patch('instacart', { enabled: false })).toMatchObject({
      enabled: false,
      link_id: null,
      link_visibility: null,
      link_audience: null,
    });
    expect(await patch('instacart', { enabled: false })).toMatchObject({ enabled: false });
    const again = await patch('instacart', { enabled: true });
    expect(again).toMatchObject({
      enabled: true,
      link_visibility: 'everyone',
      link_audience: audience([], []),
    });
    expect(again.link_id).not.toBe(first.link_id);
  });

  it('refuses unknown and inactive retailers with 404', async () => {
    expect(await refusalOf(patch('nosuchshop', { enabled: true }))).toEqual({
      status: 404,
      detail: 'retailer nosuchshop not found',
    });
    expect(await refusalOf(patch('bestbuy', { enabled: true, link_visibility: 'hidden' }))).toEqual({
      status: 404,
      detail: 'retailer bestbuy is inactive and cannot be enabled',
    });
  });

  it("keeps one team's configuration from another", async () => {
    await patch('walgreens', { enabled: true, link_visibility: 'hidden' });
    expect(await refusalOf(patch('walgreens', { link_visibility: 'everyone' }, teamB))).toEqual({
      status: 404,
      detail: 'retailer walgreens is not enabled',
    });
    await patch('walgreens', { enabled: true }, teamB);
    await patch('walgreens', { enabled: false }, teamB);
    expect(await enabledRow('walgreens')).toMatchObject({ enabled: true, link_visibility: 'hidden' });
  });

  it('serialises concurrent enables of the same retailer into one link id', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => patch('amazon', { enabled: true })));
    expect(new Set(results.map((r) => r.link_id)).size).toBe(1);
  });
});
