import { EventsContracts } from '@cps/contracts';
import { requestAuditActor } from '@cps/messaging';
import { schemaDataSourceOptions } from '@cps/persistence';
import { TestPlatform } from '@cps/testing';
import { DataSource } from 'typeorm';

/**
 * ADR 0022: a webhook or integration change asked with an API key commits together with its
 * `events.api-change.recorded.v1` outbox entry. The outbox refuses the entries of one actor (a trigger of this test's
 * database), so a change whose entry cannot be recorded must leave nothing behind.
 */
describe('events-service: REST changes and their audit entries commit together', () => {
  const REFUSED = 'API key refused-by-outbox';
  const TEAM = 'team-audited';
  let platform: TestPlatform;
  let db: DataSource;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['events-service'] });
    db = new DataSource(
      schemaDataSourceOptions({ url: platform.databaseUrl, schema: 'events', entities: [], migrations: [] }),
    );
    await db.initialize();
    await db.query(`CREATE FUNCTION events.refuse_outbox_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox entry refused by the test'; END $$`);
    await db.query(`CREATE TRIGGER refuse_outbox_entry BEFORE INSERT ON events.outbox FOR EACH ROW
      WHEN (NEW.envelope::text LIKE '%refused-by-outbox%') EXECUTE FUNCTION events.refuse_outbox_entry()`);
  });
  afterAll(async () => {
    await db?.destroy();
    await platform?.stop();
  });

  const as = <T>(actor: string, send: () => Promise<T>): Promise<T> => requestAuditActor.run(actor, send);
  const createWebhook = (actor: string) =>
    as(actor, () =>
      platform.admin.request(EventsContracts.createWebhook, {
        teamId: TEAM,
        name: 'Orders',
        url: 'http://127.0.0.1:9/hook',
        event_types: ['purchase.created'],
      }),
    );
  const createIntegration = (actor: string) =>
    as(actor, () =>
      platform.admin.request(EventsContracts.createIntegration, {
        teamId: TEAM,
        name: 'Points',
        kind: 'loyalty',
        adapter: 'webhook',
        base_url: 'http://127.0.0.1:9/points',
      }),
    );
  const webhooks = async () =>
    (await db.query(`SELECT id, name FROM events.webhook_destinations WHERE team_id = $1 ORDER BY id`, [
      TEAM,
    ])) as Array<{
      id: string;
      name: string;
    }>;
  const integrations = async () =>
    (await db.query(`SELECT id, name FROM events.integrations WHERE team_id = $1 ORDER BY id`, [TEAM])) as Array<{
      id: string;
      name: string;
    }>;
  const entries = async () =>
    (
      (await db.query(
        `SELECT envelope FROM events.outbox WHERE subject = 'events.api-change.recorded.v1' ORDER BY id`,
      )) as Array<{ envelope: { data: { actor: string; action: string; target: string } } }>
    ).map((row) => row.envelope.data);

  it('records the entry of a change made with an API key next to the change', async () => {
    const webhook = await createWebhook('API key Ops');
    const integration = await createIntegration('API key Ops');

    expect(await webhooks()).toEqual([{ id: webhook.webhook_id, name: 'Orders' }]);
    expect(await integrations()).toEqual([{ id: integration.integration_id, name: 'Points' }]);
    expect(await entries()).toEqual([
      expect.objectContaining({ actor: 'API key Ops', action: 'Webhook created', target: 'http://127.0.0.1:9/hook' }),
      expect.objectContaining({ actor: 'API key Ops', action: 'Integration created', target: 'Points' }),
    ]);
  });

  it('rolls every webhook and integration change back when its entry cannot be recorded', async () => {
    const before = { webhooks: await webhooks(), integrations: await integrations(), entries: await entries() };
    const [webhook] = before.webhooks;
    const [integration] = before.integrations;

    const refused: Array<() => Promise<unknown>> = [
      () => createWebhook(REFUSED),
      () => createIntegration(REFUSED),
      () =>
        platform.admin.request(EventsContracts.updateWebhook, { teamId: TEAM, webhookId: webhook!.id, name: 'New' }),
      () =>
        platform.admin.request(EventsContracts.updateIntegration, {
          teamId: TEAM,
          integrationId: integration!.id,
          name: 'New',
        }),
      () => platform.admin.request(EventsContracts.deleteWebhook, { teamId: TEAM, webhookId: webhook!.id }),
      () => platform.admin.request(EventsContracts.deleteIntegration, { teamId: TEAM, integrationId: integration!.id }),
    ];
    for (const change of refused) await expect(as(REFUSED, change)).rejects.toMatchObject({ status: 500 });

    expect({ webhooks: await webhooks(), integrations: await integrations(), entries: await entries() }).toEqual(
      before,
    );
  });
});
