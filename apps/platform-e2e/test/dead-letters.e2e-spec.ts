import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { eventually, TestPlatform, WebhookReceiver, type TestTeam } from '@cps/testing';

const run = promisify(execFile);
const ADMIN = resolve(import.meta.dirname, '../../../dist/tools/admin/src/admin.js');

interface ListedDeadLetter {
  service: string;
  id: string;
  consumer: string;
  message_id: string | null;
  subject: string;
  error: string;
}

/**
 * Dead letters through the admin CLI: events-service's connection.activated consumer fails (a trigger refuses its
 * insert) until it gives up; the operator lists the dead letter, fixes the cause and replays it: the event is
 * handled once, for that consumer only, and the webhook goes out.
 */
describe('dead letters: list and replay with the admin CLI', () => {
  let platform: TestPlatform;
  let receiver: WebhookReceiver;
  let team: TestTeam;
  let db: pg.Client;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service', 'api-gateway'],
      serviceEnv: {
        'events-service': { EVENT_REDELIVERY_BACKOFF_MS: '100,100', DELIVERY_POLL_MS: '200' },
      },
    });
    receiver = await new WebhookReceiver().start();
    team = await platform.createTeam('Dead Letter Brand');
    const created = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { url: receiver.url, event_types: ['connection.activated'], receive_simulated_events: true },
    });
    expect(created.status).toBe(201);
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await receiver?.stop();
    await platform?.stop();
  });

  const admin = async (...args: string[]) =>
    JSON.parse(
      (await run(process.execPath, [ADMIN, ...args], { env: { ...process.env, NATS_URL: platform.nats.url } })).stdout,
    ) as Record<string, unknown>;
  const adminFailure = (...args: string[]) =>
    run(process.execPath, [ADMIN, ...args], { env: { ...process.env, NATS_URL: platform.nats.url } }).then(
      () => {
        throw new Error('expected the command to fail');
      },
      (error: { code: number; stderr: string }) => error,
    );

  it('lists a dead letter, replays it once for its consumer, and refuses a second replay', async () => {
    await db.query(`CREATE FUNCTION events.refuse_webhook_events() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'webhook events refused by the test'; END $$`);
    await db.query(`CREATE TRIGGER refuse_webhook_events BEFORE INSERT ON events.webhook_events
      FOR EACH ROW EXECUTE FUNCTION events.refuse_webhook_events()`);

    const connection = await platform.api('/simulated-connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { retailer_id: 'walmart', email: 'dead@example.com', include_purchases: false },
    });
    expect(connection.status).toBe(201);
    const connectionId = (connection.body as { connection_id: string }).connection_id;

    const letter = await eventually(async () => {
      const listed = (await admin('dead-letter:list', '--service', 'events-service'))
        .dead_letters as ListedDeadLetter[];
      const found = listed.find((item) => item.subject === 'sync.connection.activated.v1');
      if (!found) throw new Error('not dead-lettered yet');
      return found;
    }, 30_000);
    expect(letter).toMatchObject({
      service: 'events-service',
      consumer: expect.stringMatching(/^events-service-/),
      message_id: expect.any(String),
      error: expect.stringContaining('webhook events refused by the test'),
    });
    // Listing every service names the same dead letter (services without consumers are simply not asked).
    const all = (await admin('dead-letter:list')).dead_letters as ListedDeadLetter[];
    expect(all.filter((item) => item.id === letter.id && item.service === 'events-service')).toHaveLength(1);

    // Replaying while the cause is still there fails and keeps the dead letter, with the new error.
    const failed = await adminFailure('dead-letter:replay', '--service', 'events-service', '--id', letter.id);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`422 dead letter ${letter.id} failed again`);

    await db.query(`DROP TRIGGER refuse_webhook_events ON events.webhook_events`);
    const replayed = await admin('dead-letter:replay', '--service', 'events-service', '--id', letter.id);
    expect(replayed).toEqual({
      id: letter.id,
      consumer: letter.consumer,
      message_id: letter.message_id,
      outcome: 'handled',
    });

    const { rows } = await db.query(
      `SELECT count(*)::int AS events FROM events.webhook_events WHERE team_id = $1 AND type = 'connection.activated'`,
      [team.teamId],
    );
    expect(rows).toEqual([{ events: 1 }]);
    const { rows: inbox } = await db.query(
      `SELECT consumer FROM events.inbox WHERE message_id = $1 ORDER BY consumer`,
      [letter.message_id],
    );
    // Once for the dead-lettered consumer; other consumers of the same event (integrations) handled it on their own.
    expect(inbox.filter((row) => row.consumer === letter.consumer)).toEqual([{ consumer: letter.consumer }]);
    const delivered = await eventually(() => {
      const found = receiver.ofType('connection.activated');
      if (found.length === 0) throw new Error('not delivered yet');
      return found;
    }, 15_000);
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({ data: { connection: { connection_id: connectionId } } });

    // Exactly once: the dead letter is gone, a second replay is refused and changes nothing.
    const again = await adminFailure('dead-letter:replay', '--service', 'events-service', '--id', letter.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('404');
    const listed = (await admin('dead-letter:list', '--service', 'events-service')).dead_letters as ListedDeadLetter[];
    expect(listed.some((item) => item.id === letter.id)).toBe(false);
    const { rows: after } = await db.query(
      `SELECT count(*)::int AS events FROM events.webhook_events WHERE team_id = $1`,
      [team.teamId],
    );
    expect(after).toEqual([{ events: 1 }]);
  });

  it('refuses an unknown service with a usage error', async () => {
    const failure = await adminFailure('dead-letter:list', '--service', 'nope');
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain('--service must be one of');
  });
});
