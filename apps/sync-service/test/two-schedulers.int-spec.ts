import { eventually, freePort, TestPlatform, WebhookReceiver, type TestTeam } from '@cps/testing';
import {
  createLinkToken,
  enableRetailer,
  FAST_EVENTS_ENV,
  FAST_SYNC_ENV,
  LinkFlowClient,
  SandboxAdmin,
} from '@cps/testing';

interface PollLog {
  connection_id: string;
  owner: string;
  started_at: string;
  finished_at: string;
  outcome: string;
}

type ServiceProcess = ReturnType<TestPlatform['platform']['service']>;

/** The scheduler's `poll finished` debug lines of one process. */
function pollsOf(process: ServiceProcess): PollLog[] {
  return process.logs
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string } & PollLog;
      } catch {
        return null;
      }
    })
    .filter((entry): entry is { msg: string } & PollLog => entry?.msg === 'poll finished');
}

const ACCOUNTS = 10;
const HISTORY = 2;
const ROUNDS = 3;

describe('two sync-service processes share the connections', () => {
  let platform: TestPlatform;
  let second: ServiceProcess;
  let receiver: WebhookReceiver;
  let sandbox: SandboxAdmin;
  let team: TestTeam;

  beforeAll(async () => {
    // A lease long enough that a loaded machine's late heartbeat does not lose it mid-poll.
    const syncEnv = {
      ...FAST_SYNC_ENV,
      SYNC_POLL_INTERVAL_MS: '300',
      SYNC_POLL_JITTER: '0.5',
      SYNC_LEASE_MS: '15000',
      LOG_LEVEL: 'debug',
    };
    platform = await TestPlatform.start({
      serviceEnv: { 'sync-service': syncEnv, 'events-service': FAST_EVENTS_ENV },
    });
    // A second process with the same environment: same database, same NATS, same queue group.
    const first = platform.platform.service('sync-service');
    const SecondProcess = first.constructor as new (options: ServiceProcess['options']) => ServiceProcess;
    second = new SecondProcess({ ...first.options, name: 'sync-service-2', port: await freePort(), onLog: undefined });
    second.start();
    await second.waitReady();
    receiver = await new WebhookReceiver().start();
    sandbox = SandboxAdmin.of(platform);
    team = await platform.createTeam('Two Schedulers Brand');
    await enableRetailer(platform, team, 'walmart');
    expect(
      (
        await platform.api('/webhooks', {
          method: 'POST',
          apiKey: team.apiKey,
          body: { url: receiver.url, event_types: ['purchase.created'] },
        })
      ).status,
    ).toBe(201);
  });

  afterAll(async () => {
    await sandbox?.clearFailures('walmart').catch(() => undefined);
    await second?.stop();
    await receiver?.stop();
    await platform?.stop();
  });

  it('never polls one connection in both at once, and publishes every purchase exactly once', async () => {
    const connections: string[] = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const email = `two-${i}@else.test`;
      await sandbox.createAccount('walmart', email, 'a password');
      await sandbox.addOrders('walmart', email, { count: HISTORY, back_date_days: 20 });
      const client = new LinkFlowClient(platform.gatewayUrl);
      const token = await createLinkToken(platform, team, { customer_id: `two-${i}`, email });
      await client.open(`/link?link_token=${token}&redirect_url=${encodeURIComponent('https://brand.test/r')}`);
      connections.push((await client.linkAccount('walmart', email, 'a password')).searchParams.get('connection_id')!);
    }
    // Slow order calls make each poll last a while, so overlapping polls would show.
    await sandbox.injectFailure('walmart', { kind: 'delay', delay_ms: 150, scope: 'orders' });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < ACCOUNTS; i += 1) await sandbox.addOrders('walmart', `two-${i}@else.test`, { count: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }

    const expected = ACCOUNTS * (HISTORY + ROUNDS);
    await receiver.waitFor((requests) => requests.length >= expected, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // room for duplicates, if any
    const purchaseIds = receiver.requests.map(
      (request) =>
        (JSON.parse(request.body) as { data: { purchase: { purchase_id: string } } }).data.purchase.purchase_id,
    );
    expect(purchaseIds).toHaveLength(expected);
    expect(new Set(purchaseIds).size).toBe(expected);

    const polls = [...pollsOf(platform.platform.service('sync-service')), ...pollsOf(second)].filter((poll) =>
      connections.includes(poll.connection_id),
    );
    const owners = new Set(polls.map((poll) => poll.owner));
    expect(owners.size).toBe(2); // both processes did part of the work
    for (const connectionId of connections) {
      // A poll whose lease ran out (a late heartbeat on a loaded machine) may still be winding down when the other
      // process claims the connection; its writes are refused (lease checks), so it is not one of the polls that
      // must not overlap.
      const mine = polls
        .filter((poll) => poll.connection_id === connectionId && poll.outcome !== 'lease_lost')
        .sort((a, b) => a.started_at.localeCompare(b.started_at));
      expect(mine.length).toBeGreaterThan(ROUNDS);
      // Each poll starts after the previous one (in either process) finished; the pairs that do not, if any.
      const overlapping = mine
        .slice(1)
        .flatMap((poll, i) => (poll.started_at >= mine[i]!.finished_at ? [] : [[mine[i], poll]]));
      expect(overlapping).toEqual([]);
    }
  });

  it('takes over the connections of a process that stopped', async () => {
    await sandbox.clearFailures('walmart');
    await second.kill(); // no shutdown hooks: its leases stay until they expire
    const email = 'two-0@else.test';
    const before = receiver.requests.length;
    await sandbox.addOrders('walmart', email, { count: 1 });
    await eventually(() => {
      if (receiver.requests.length <= before) throw new Error('not collected yet');
    }, 20_000);
  });
});
