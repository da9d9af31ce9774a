import { MatchingContracts, ulid, type Envelope, type EventData } from '@cps/contracts';
import { type Randomness, type Clock } from '@cps/domain';
import { PermanentEventError } from '@cps/messaging';
import { runMigrations, schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase } from '@cps/testing';
import { DataSource, type EntityManager } from 'typeorm';
import { DeliveryRepository } from '../src/deliveries/delivery.repository.js';
import { FirstDeliveries } from '../src/deliveries/first-deliveries.js';
import { AwardRepository } from '../src/integrations/award.repository.js';
import { IntegrationsPurchaseMatchedHandler } from '../src/integrations/integration-events.handlers.js';
import { IntegrationRepository } from '../src/integrations/integration.repository.js';
import { RecordAwardsUseCase } from '../src/integrations/record-awards.use-case.js';
import { migrations } from '../src/migrations/index.js';
import { PartnerAppFanOut } from '../src/partner-deliveries/partner-app.fan-out.js';
import { PartnerTargetRepository } from '../src/partner-deliveries/partner-target.repository.js';
import { type DeliverySettings } from '../src/settings.js';
import { aPurchase } from '@cps/testing/unit';
import { PurchaseMatchedHandler } from '../src/webhook-events/purchase-matched.handler.js';
import { RecordWebhookEventUseCase } from '../src/webhook-events/record-webhook-event.use-case.js';
import { WebhookDestinationFanOut } from '../src/webhook-events/webhook-destination.fan-out.js';
import { WebhookEventRepository } from '../src/webhook-events/webhook-event.repository.js';
import { WebhookDestinationEntity } from '../src/webhooks/webhook-destination.entity.js';
import { WebhookDestinationRepository } from '../src/webhooks/webhook-destination.repository.js';

/**
 * Group commit (ADR 0018) on the real schema: the two consumers of `matching.purchase.matched.v1` handle a batch in
 * a fixed number of statements (reads once per team, each kind of row written once), whatever the batch's size,
 * and write exactly the rows one-by-one handling wrote. The consumers are built by hand, as the service wires them;
 * each batch runs in a transaction of its own, as the inbox consumer runs it (its inbox rows left out).
 */
type Matched = EventData<typeof MatchingContracts.purchaseMatched>;

const TEAM_A = 'team-a'; // a brand webhook, a partner app installed, a loyalty integration
const TEAM_B = 'team-b'; // a brand webhook, a marketing integration
const TEAM_C = 'team-c'; // as team A: the statement counts

let database: { url: string; drop(): Promise<void> };
let dataSource: DataSource;
let webhooks: PurchaseMatchedHandler;
let integrations: IntegrationsPurchaseMatchedHandler;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = new DataSource(
    schemaDataSourceOptions({
      url: database.url,
      schema: 'events',
      entities: [WebhookDestinationEntity],
      migrations,
      poolSize: 2,
    }),
  );
  await dataSource.initialize();
  await runMigrations(dataSource, 'events');

  for (const team of [TEAM_A, TEAM_B, TEAM_C]) {
    await dataSource.query(
      `INSERT INTO events.webhook_destinations
         (id, kind, team_id, name, url, event_types, is_active, receive_simulated_events, secret_sealed)
       VALUES ($1, 'brand', $2, 'brand', 'https://hooks.example.com/x', '{purchase.created}', true, false, 'v1.x')`,
      [`dst-${team}`, team],
    );
  }
  for (const team of [TEAM_A, TEAM_C]) {
    await dataSource.query(
      `INSERT INTO events.webhook_destinations
         (id, kind, team_id, name, url, event_types, is_active, receive_simulated_events, secret_sealed)
       VALUES ($1, 'partner', NULL, 'partner app', 'https://partner.example.com/x', '{purchase.created}', true,
               false, 'v1.p')`,
      [`partner-dst-${team}`],
    );
    await dataSource.query(
      `INSERT INTO events.partner_delivery_targets
         (installation_id, client_id, team_id, status, webhook_url, destination_id, last_event_id, last_event_at)
       VALUES ($1, 'client-1', $2, 'active', 'https://partner.example.com/x', $3, 'evt', now())`,
      [`inst-${team}`, team, `partner-dst-${team}`],
    );
  }
  const integration = (team: string, kind: string, pointsPerDollar: string) =>
    dataSource.query(
      `INSERT INTO events.integrations
         (id, team_id, name, kind, adapter, base_url, credential_sealed, triggers, is_active,
          receive_simulated_events, points_per_dollar, start_date, reward_on_link, customer_identifier,
          created_at, updated_at)
       VALUES ($1, $2, 'ledger', $3, 'points_api', 'https://loyalty.example.com', 'v1.c',
               '{account.linked,purchase.created}', true, false, $4, NULL, 0, 'email',
               now() - interval '1 day', now())`,
      [`int-${team}`, team, kind, pointsPerDollar],
    );
  await integration(TEAM_A, 'loyalty', '2.0000');
  await integration(TEAM_B, 'marketing', '1.5000');
  await integration(TEAM_C, 'loyalty', '1.0000');

  const settings: DeliverySettings = { retrySchedule: [0, 60], timeoutMs: 1000, pollMs: 100, concurrency: 1 };
  const clock: Clock = { now: () => new Date() };
  const randomness = { fraction: () => 0.5 } as Randomness;
  const firstDeliveries = new FirstDeliveries(settings, clock, randomness);
  webhooks = new PurchaseMatchedHandler(
    new RecordWebhookEventUseCase(new WebhookEventRepository(), new DeliveryRepository(dataSource), [
      new WebhookDestinationFanOut(
        new WebhookDestinationRepository(dataSource.getRepository(WebhookDestinationEntity)),
        firstDeliveries,
      ),
      new PartnerAppFanOut(new PartnerTargetRepository(), firstDeliveries),
    ]),
  );
  integrations = new IntegrationsPurchaseMatchedHandler(
    new RecordAwardsUseCase(new IntegrationRepository(dataSource), new AwardRepository(dataSource), clock),
  );
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

/** A matched purchase: one item matched to the brand's product (what partner apps get), one not. */
function envelope(teamId: string | undefined, purchaseId = ulid()): Envelope<Matched> {
  const purchase = aPurchase({
    purchase_id: purchaseId,
    connection_id: `conn-${teamId}`,
    date: '2026-03-02T09:00:00.000Z',
  });
  const id = ulid();
  return {
    id,
    subject: MatchingContracts.purchaseMatched.subject,
    occurredAt: new Date().toISOString(),
    correlationId: id,
    teamId,
    data: { purchase },
  };
}

/** Runs `work` in a transaction of its own and returns the statements it sent. */
async function statementsOf(work: (manager: EntityManager) => Promise<void>): Promise<string[]> {
  const statements: string[] = [];
  await dataSource.transaction(async (manager) => {
    const runner = manager.queryRunner!;
    const query = runner.query.bind(runner);
    runner.query = ((text: string, ...rest: unknown[]) => {
      statements.push(text.replace(/\s+/g, ' ').trim());
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof runner.query;
    try {
      await work(manager);
    } finally {
      runner.query = query;
    }
  });
  return statements;
}

const handleBatch = async (batch: Array<Envelope<Matched>>) => ({
  webhooks: await statementsOf((manager) => webhooks.handleBatch(batch, manager)),
  integrations: await statementsOf((manager) => integrations.handleBatch(batch, manager)),
});

const sql = <T>(text: string, values: unknown[] = []): Promise<T[]> => dataSource.query(text, values);

interface EventRow {
  id: string;
  team_id: string;
  type: string;
  is_simulated: boolean;
  payload: string;
}

const eventsOf = (teamId: string) =>
  sql<EventRow>(
    `SELECT id, team_id, type, is_simulated, payload::text AS payload FROM events.webhook_events
      WHERE team_id = $1 ORDER BY id`,
    [teamId],
  );

const deliveriesOf = (teamId: string) =>
  sql<{ destination_id: string; event_id: string; status: string; attempts: number }>(
    `SELECT destination_id, event_id, status, attempts FROM events.deliveries WHERE team_id = $1
      ORDER BY destination_id, event_id`,
    [teamId],
  );

const awardsOf = (teamId: string) =>
  sql<{
    integration_id: string;
    trigger: string;
    subject_id: string;
    points: number;
    items_subtotal: string;
    purchase_id: string;
    connection_id: string;
    customer_value: string | null;
    is_simulated: boolean;
    status: string;
  }>(
    `SELECT integration_id, trigger, subject_id, points, items_subtotal::text AS items_subtotal, purchase_id,
            connection_id, customer_value, is_simulated, status
       FROM events.integration_awards WHERE team_id = $1 ORDER BY subject_id`,
    [teamId],
  );

const purchaseIdOf = (event: EventRow) => (JSON.parse(event.payload) as { data: Matched }).data.purchase.purchase_id;

describe('events-service: a batch of purchase.matched', () => {
  it("writes each team's webhook events, deliveries and awards, each kind of row in one statement", async () => {
    const batch = [envelope(TEAM_A), envelope(TEAM_B), envelope(TEAM_A), envelope(TEAM_B)];
    const statements = await handleBatch(batch);

    // Team A: its brand events and a partner copy of each (its own id, service_client_id, brand items only).
    const eventsA = await eventsOf(TEAM_A);
    expect(eventsA).toHaveLength(4);
    const brandA = eventsA.filter((e) => !JSON.parse(e.payload).service_client_id);
    const partnerA = eventsA.filter((e) => JSON.parse(e.payload).service_client_id);
    expect(brandA.map(purchaseIdOf).sort()).toEqual(
      [batch[0]!, batch[2]!].map((e) => e.data.purchase.purchase_id).sort(),
    );
    for (const event of eventsA) {
      expect(event).toMatchObject({ team_id: TEAM_A, type: 'purchase.created', is_simulated: false });
      expect(JSON.parse(event.payload)).toMatchObject({ id: event.id, type: 'purchase.created' });
      // The exact text that is signed and sent: compact JSON, fields in the documented order.
      expect(event.payload).toBe(JSON.stringify(JSON.parse(event.payload)));
    }
    for (const copy of partnerA) {
      const body = JSON.parse(copy.payload);
      expect(Object.keys(body)).toEqual(['id', 'type', 'timestamp', 'is_simulated', 'service_client_id', 'data']);
      expect(body.service_client_id).toBe(TEAM_A);
      expect(body.data.purchase.items.map((item: { item_id: string }) => item.item_id)).toEqual(['I1']);
    }
    expect(partnerA.map(purchaseIdOf).sort()).toEqual(brandA.map(purchaseIdOf).sort());
    expect(await deliveriesOf(TEAM_A)).toEqual(
      [
        ...brandA.map((e) => ({ destination_id: `dst-${TEAM_A}`, event_id: e.id, status: 'pending', attempts: 0 })),
        ...partnerA.map((e) => ({
          destination_id: `partner-dst-${TEAM_A}`,
          event_id: e.id,
          status: 'pending',
          attempts: 0,
        })),
      ].sort((x, y) => (x.destination_id + x.event_id).localeCompare(y.destination_id + y.event_id)),
    );

    // Team B: no partner app, so its brand events only.
    const eventsB = await eventsOf(TEAM_B);
    expect(eventsB.map(purchaseIdOf).sort()).toEqual(
      [batch[1]!, batch[3]!].map((e) => e.data.purchase.purchase_id).sort(),
    );
    expect(eventsB.every((e) => !JSON.parse(e.payload).service_client_id)).toBe(true);
    expect(await deliveriesOf(TEAM_B)).toEqual(
      eventsB.map((e) => ({ destination_id: `dst-${TEAM_B}`, event_id: e.id, status: 'pending', attempts: 0 })),
    );

    // One award per integration and purchase: (5.00 x 2 + 1.75 x 2) = 13.50, at 2 and 1.5 points per dollar.
    const award = (teamId: string, env: Envelope<Matched>, points: number) => ({
      integration_id: `int-${teamId}`,
      trigger: 'purchase.created',
      subject_id: env.data.purchase.purchase_id,
      purchase_id: env.data.purchase.purchase_id,
      connection_id: `conn-${teamId}`,
      customer_value: null,
      is_simulated: false,
      points,
      items_subtotal: '13.50',
      status: 'pending',
    });
    const bySubject = (x: { subject_id: string }, y: { subject_id: string }) =>
      x.subject_id.localeCompare(y.subject_id);
    expect(await awardsOf(TEAM_A)).toEqual(
      [award(TEAM_A, batch[0]!, 27), award(TEAM_A, batch[2]!, 27)].sort(bySubject),
    );
    expect(await awardsOf(TEAM_B)).toEqual(
      [award(TEAM_B, batch[1]!, 21), award(TEAM_B, batch[3]!, 21)].sort(bySubject),
    );

    // Reads once per team; each kind of row in one statement; one notify per consumer.
    const count = (list: string[], prefix: string) => list.filter((text) => text.startsWith(prefix)).length;
    expect(count(statements.webhooks, 'INSERT INTO events.webhook_events')).toBe(1);
    expect(count(statements.webhooks, 'INSERT INTO events.deliveries')).toBe(1);
    expect(count(statements.webhooks, 'SELECT pg_notify')).toBe(1);
    expect(statements.webhooks).toHaveLength(2 * 2 + 3); // destinations and partner targets of each team
    expect(count(statements.integrations, 'INSERT INTO events.integration_awards')).toBe(1);
    expect(count(statements.integrations, 'SELECT pg_notify')).toBe(1);
    expect(statements.integrations).toHaveLength(2 + 2); // the integrations of each team
  });

  it('records an award once: again for the same batch, or for a purchase twice in one batch', async () => {
    const batch = [envelope(TEAM_B), envelope(TEAM_B)];
    const twice = envelope(TEAM_B, batch[0]!.data.purchase.purchase_id);
    await statementsOf((manager) => integrations.handleBatch([...batch, twice], manager));
    const awards = await awardsOf(TEAM_B);
    const ours = (rows: typeof awards) =>
      rows.filter((row) => batch.some((e) => e.data.purchase.purchase_id === row.subject_id));
    expect(ours(awards)).toHaveLength(2);

    // The inbox lets no message through twice; the ledger's unique key holds even if one did.
    await statementsOf((manager) => integrations.handleBatch(batch, manager));
    expect(await awardsOf(TEAM_B)).toEqual(awards);
  });

  it('sends as many statements for 20 purchases of a team as for 2', async () => {
    const small = await handleBatch([envelope(TEAM_C), envelope(TEAM_C)]);
    const large = await handleBatch(Array.from({ length: 20 }, () => envelope(TEAM_C)));
    expect(large).toEqual(small);
    expect(small.webhooks).toHaveLength(5);
    expect(small.integrations).toHaveLength(3);
    expect(await eventsOf(TEAM_C)).toHaveLength(2 * 22);
    expect(await deliveriesOf(TEAM_C)).toHaveLength(2 * 22);
    expect(await awardsOf(TEAM_C)).toHaveLength(22);
  });

  it('refuses a batch holding an envelope without a team as a permanent error (the inbox then goes one by one)', async () => {
    const batch = [envelope(TEAM_A), envelope(undefined)];
    await expect(statementsOf((manager) => webhooks.handleBatch(batch, manager))).rejects.toBeInstanceOf(
      PermanentEventError,
    );
    await expect(statementsOf((manager) => integrations.handleBatch(batch, manager))).rejects.toBeInstanceOf(
      PermanentEventError,
    );
  });
});
