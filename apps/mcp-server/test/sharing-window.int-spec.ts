import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import { type DataSource } from 'typeorm';
import { createLinkToken, enableRetailer, FAST_SYNC_ENV, LinkFlowClient, SandboxAdmin } from '@cps/testing';
import { TeamQuery } from '../src/ask/team-query.js';
import { askOnPlatform } from './read-model-fixture.js';

/**
 * The read model honours the shopper's sharing preference as the REST API does (ADR 0014): a shopper links
 * sharing 365 days, then renews the sign-in of the still active connection sharing 30 days (no
 * `connection.activated`, only `sync.connection.sharing-changed.v1`); `ask` then no longer counts the older
 * purchase, whatever the statement says, since row-level security hides it.
 */
const DAY = 86_400_000;

let platform: TestPlatform;
let team: TestTeam;
let service: DataSource;
let ask: Awaited<ReturnType<typeof askOnPlatform>>['ask'];

beforeAll(async () => {
  platform = await TestPlatform.start({
    services: ['auth-server', 'sync-service', 'sandbox-retailer', 'api-gateway', 'matching-service', 'mcp-server'],
    serviceEnv: { 'sync-service': FAST_SYNC_ENV },
  });
  team = await platform.createTeam('Sharing brand');
  await enableRetailer(platform, team, 'walmart');
  ({ service, ask } = await askOnPlatform(platform.databaseUrl));
});

afterAll(async () => {
  await service?.destroy();
  await platform?.stop();
});

async function purchaseCount(): Promise<number> {
  const answer = await ask.ask({ teamId: team.teamId, clientId: 'sharing-test' }, 'How many purchases');
  if ('error' in answer) throw new Error(answer.error);
  return answer.results[0]!.purchases as number;
}

describe('mcp read model and the sharing preference', () => {
  it('stops counting purchases outside a narrower window chosen by re-linking', async () => {
    const sandbox = SandboxAdmin.of(platform);
    const email = 'narrower@else.test';
    await sandbox.createAccount('walmart', email, 'a password');
    await sandbox.addOrders('walmart', email, { ordered_at: new Date(Date.now() - 100 * DAY).toISOString() });
    await sandbox.addOrders('walmart', email, { ordered_at: new Date(Date.now() - 5 * DAY).toISOString() });

    const token = await createLinkToken(platform, team, { customer_id: 'cust-narrower', email });
    const first = new LinkFlowClient(platform.gatewayUrl);
    await first.open(`/link?link_token=${token}&redirect_url=${encodeURIComponent('https://brand.test/r')}`);
    const exit = await first.linkAccount('walmart', email, 'a password', undefined, 365);
    const connectionId = exit.searchParams.get('connection_id')!;
    await eventually(async () => {
      if ((await purchaseCount()) !== 2) throw new Error('both purchases not projected yet');
    }, 30_000);

    // The connection is still active: the re-link only renews the sign-in and changes what is shared.
    const again = await createLinkToken(platform, team, { customer_id: 'cust-narrower', email });
    const relink = new LinkFlowClient(platform.gatewayUrl);
    await relink.open(
      `/link?link_token=${again}&connection_id=${connectionId}&redirect_url=${encodeURIComponent('https://brand.test/r')}`,
    );
    expect(relink.selectedHistoryWindow()).toBe(365);
    const back = await relink.linkAccount(null, email, 'a password', undefined, 30);
    expect(back.searchParams.get('connection_id')).toBe(connectionId);

    await eventually(async () => {
      if ((await purchaseCount()) !== 1) throw new Error('the older purchase is still counted');
    }, 30_000);
    // The REST API agrees, and the statement `ask` runs sees one purchase even without any date filter.
    const issued = await platform.api(`/connections/${connectionId}/token`, {
      method: 'POST',
      apiKey: team.apiKey,
      body: { scope: 'access' },
    });
    const listed = await platform.api('/purchases?limit=50', {
      apiKey: team.apiKey,
      headers: { authorization: `Bearer ${(issued.body as { connection_token: string }).connection_token}` },
    });
    expect(listed.status).toBe(200);
    expect((listed.body as { purchases: unknown[] }).purchases).toHaveLength(1);
    const { rows } = await new TeamQuery(service).run(team.teamId, 'SELECT purchase_id FROM mcp.purchases');
    expect(rows).toHaveLength(1);
    const items = await new TeamQuery(service).run<{ n: number }>(
      team.teamId,
      'SELECT count(DISTINCT purchase_id)::int AS n FROM mcp.items',
    );
    expect(items.rows[0]!.n).toBeLessThanOrEqual(1);
  });
});
