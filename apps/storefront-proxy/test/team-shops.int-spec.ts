import { StorefrontContracts } from '@cps/contracts';
import { TestPlatform, type TestTeam } from '@cps/testing';

/**
 * The dashboard's view of a team's storefront shops, over NATS against the built storefront-proxy: the list holds
 * only the shops linked with the team's API keys, a shop moves with its key, and a team disconnects only its own
 * shops (another team's shop is 404 and stays linked).
 */
describe('storefront.list-team-shops.v1 and the team-scoped disconnect', () => {
  let platform: TestPlatform;
  let teamA: TestTeam;
  let teamB: TestTeam;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['auth-server', 'storefront-proxy'] });
    teamA = await platform.createTeam('Shop Brand A');
    teamB = await platform.createTeam('Shop Brand B');
  });

  afterAll(async () => {
    await platform?.stop();
  });

  const connect = (shop: string, team: TestTeam, adminToken?: string) =>
    platform.admin.connectShop({
      shop,
      secret: 'app-proxy-secret-of-a-test-shop',
      apiKey: team.apiKey,
      ...(adminToken ? { adminToken } : {}),
    });
  const list = async (team: TestTeam) =>
    (await platform.admin.request(StorefrontContracts.listTeamShops, { teamId: team.teamId })).shops;

  it('lists the shops linked to each team, without secrets', async () => {
    await connect('b-one.myshopify.com', teamA);
    await connect('a-one.myshopify.com', teamA, 'shpat_admin_token');
    await connect('c-one.myshopify.com', teamB);

    const shops = await list(teamA);
    expect(shops).toEqual([
      {
        shop: 'a-one.myshopify.com',
        storefront_url: 'https://a-one.myshopify.com/',
        installed_at: expect.any(String),
        linked_at: expect.any(String),
        block_audience: 'everyone',
        customer_details: true,
      },
      expect.objectContaining({ shop: 'b-one.myshopify.com', customer_details: false }),
    ]);
    expect(JSON.stringify(shops)).not.toMatch(/secret|shpat|cpk_/);
    expect((await list(teamB)).map((shop) => shop.shop)).toEqual(['c-one.myshopify.com']);
  });

  it('keeps the link date when the same team connects again, and moves the shop with another team’s key', async () => {
    await connect('moving.myshopify.com', teamA);
    const [before] = (await list(teamA)).filter((shop) => shop.shop === 'moving.myshopify.com');
    await connect('moving.myshopify.com', teamA);
    const [again] = (await list(teamA)).filter((shop) => shop.shop === 'moving.myshopify.com');
    expect(again!.linked_at).toBe(before!.linked_at);

    await connect('moving.myshopify.com', teamB);
    expect((await list(teamA)).map((shop) => shop.shop)).not.toContain('moving.myshopify.com');
    const [moved] = (await list(teamB)).filter((shop) => shop.shop === 'moving.myshopify.com');
    expect(moved!.installed_at).toBe(before!.installed_at);
    expect(Date.parse(moved!.linked_at)).toBeGreaterThanOrEqual(Date.parse(before!.linked_at));
  });

  it('disconnects a team’s own shop only: another team’s is 404 and stays linked', async () => {
    await connect('mine.myshopify.com', teamA);
    await expect(
      platform.admin.request(StorefrontContracts.disconnectShop, { shop: 'mine.myshopify.com', teamId: teamB.teamId }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await list(teamA)).map((shop) => shop.shop)).toContain('mine.myshopify.com');

    await expect(
      platform.admin.request(StorefrontContracts.disconnectShop, { shop: 'mine.myshopify.com', teamId: teamA.teamId }),
    ).resolves.toEqual({ shop: 'mine.myshopify.com', api_key_removed: true });
    expect((await list(teamA)).map((shop) => shop.shop)).not.toContain('mine.myshopify.com');
    // Once unlinked it belongs to no team: a second disconnect by the team is 404 as well.
    await expect(
      platform.admin.request(StorefrontContracts.disconnectShop, { shop: 'mine.myshopify.com', teamId: teamA.teamId }),
    ).rejects.toMatchObject({ status: 404 });

    // Linking it again makes it the team's shop again, with a new link date.
    await connect('mine.myshopify.com', teamA);
    expect((await list(teamA)).map((shop) => shop.shop)).toContain('mine.myshopify.com');
  });
});
