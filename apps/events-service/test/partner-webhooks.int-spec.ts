import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { EventsContracts, SyncContracts, type Connection, type Envelope, type EventData } from '@cps/contracts';
import { eventually, OAuthFixture, WebhookReceiver, type PartnerAppFixture, type ReceivedRequest } from '@cps/testing';

const ALL_SERVICES = [
  'sandbox-retailer',
  'auth-server',
  'sync-service',
  'matching-service',
  'events-service',
  'storefront-proxy',
  'mcp-server',
  'api-gateway',
];
const STREAM = 'CPS_EVENTS';
/** The durable consumer that turns `sync.connection.activated.v1` into webhook events. */
const CONNECTION_ACTIVATED_CONSUMER = 'events-service-webhooks-connection-activated';

interface Target {
  installation_id: string;
  client_id: string;
  team_id: string;
  status: string;
  destination_id: string | null;
}

describe('events-service: partner-app webhooks follow the installation', () => {
  let fixture: OAuthFixture;
  let receiver: WebhookReceiver;
  let rotationReceiver: WebhookReceiver;
  let nc: NatsConnection;
  let js: JetStreamClient;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    rotationReceiver = await new WebhookReceiver().start();
    // A long second retry, so a failed first attempt stays pending while the test deactivates.
    fixture = await OAuthFixture.start(ALL_SERVICES, { 'events-service': { WEBHOOK_RETRY_SCHEDULE: '0,30,30' } });
    nc = await connect({ servers: fixture.platform.nats.url });
    js = jetstream(nc);
  });
  afterAll(async () => {
    await nc?.close();
    await fixture?.stop();
    await receiver?.stop();
    await rotationReceiver?.stop();
  });

  const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await fixture.db.query(text, values)).rows as T[];

  const target = async (installationId: string) =>
    (
      await sql<Target>(
        `SELECT installation_id, client_id, team_id, status, destination_id
           FROM events.partner_delivery_targets WHERE installation_id = $1`,
        [installationId],
      )
    )[0];

  /** A sync-service `connection.activated` envelope for a real (non-simulated) connection, published as is. */
  async function publishConnectionActivated(teamId: string, isSimulated = false) {
    const id = ulid();
    const connection: Connection = {
      connection_id: ulid(),
      customer_id: `cust-${id.slice(-6)}`,
      retailer_id: 'walmart',
      status: 'active',
      email: 'shopper@example.com',
      mobile: null,
      tags: { campaign: 'partner-test' },
      is_simulated: isSimulated,
      created_at: new Date().toISOString(),
    };
    const envelope: Envelope<EventData<typeof SyncContracts.connectionActivated>> = {
      id,
      subject: SyncContracts.connectionActivated.subject,
      occurredAt: new Date().toISOString(),
      correlationId: id,
      teamId,
      data: { connection, firstActivation: true },
    };
    await js.publish(envelope.subject, JSON.stringify(envelope), { msgID: id, expect: { streamName: STREAM } });
    return envelope;
  }

  /** Waits until events-service has consumed the envelope (its inbox row commits with the queued deliveries). */
  const consumed = (envelopeId: string) =>
    eventually(async () => {
      const rows = await sql('SELECT 1 FROM events.inbox WHERE consumer = $1 AND message_id = $2', [
        CONNECTION_ACTIVATED_CONSUMER,
        envelopeId,
      ]);
      if (rows.length === 0) throw new Error(`${envelopeId} not consumed yet`);
    });

  /** Partner deliveries (to `destinationId`) about one connection. */
  const partnerDeliveries = (destinationId: string, connectionId: string) =>
    sql<{ status: string; attempts: number; last_error: string | null; last_status_code: number | null }>(
      `SELECT d.status, d.attempts, d.last_error, d.last_status_code
         FROM events.deliveries d JOIN events.webhook_events e ON e.id = d.event_id
        WHERE d.destination_id = $1 AND e.payload -> 'data' -> 'connection' ->> 'connection_id' = $2`,
      [destinationId, connectionId],
    );

  const about = (connectionId: string) => (request: ReceivedRequest) =>
    (JSON.parse(request.body) as { data?: { connection?: { connection_id?: string } } }).data?.connection
      ?.connection_id === connectionId;

  async function activeTarget(app: PartnerAppFixture, teamId: string): Promise<Target & { destination_id: string }> {
    const installation = await fixture.installation(app.clientId, teamId);
    if (!installation) throw new Error('no installation');
    return eventually(async () => {
      const row = await target(installation.id);
      if (row?.status !== 'active' || !row.destination_id) throw new Error(`target not active yet: ${row?.status}`);
      return row as Target & { destination_id: string };
    });
  }

  it('delivers real events signed with the partner secret while active; stops at disconnect; resumes on re-authorization', async () => {
    const app = await fixture.createApp('Partner Loyalty', { webhookUrl: receiver.url });
    const { user } = await fixture.install(app);
    const teamId = user.teamIds[0]!;

    // The installation became a delivery target, with a partner destination the brand does not see.
    const active = await activeTarget(app, teamId);
    expect(active).toMatchObject({ client_id: app.clientId, team_id: teamId });
    const [destination] = await sql<{
      kind: string;
      team_id: string | null;
      is_active: boolean;
      secret_sealed: string;
    }>('SELECT kind, team_id, is_active, secret_sealed FROM events.webhook_destinations WHERE id = $1', [
      active.destination_id,
    ]);
    expect(destination).toMatchObject({ kind: 'partner', team_id: null, is_active: true });
    expect(destination!.secret_sealed).toMatch(/^v1\./);
    expect(destination!.secret_sealed).not.toContain(app.webhookSecret.slice('whsec_'.length));
    const brandWebhooks = await fixture.platform.admin.request(EventsContracts.listWebhooks, { teamId });
    expect(brandWebhooks.webhooks).toEqual([]);

    // 1. A real event reaches the partner with service_client_id and a valid Standard Webhooks signature.
    const first = await publishConnectionActivated(teamId);
    const firstConnection = first.data.connection;
    const [request] = await receiver.waitFor((all) => all.some(about(firstConnection.connection_id)));
    const delivered = receiver.requests.filter(about(firstConnection.connection_id));
    expect(delivered).toHaveLength(1);
    const headers = request!.headers as Record<string, string>;
    const body = new Webhook(app.webhookSecret).verify(request!.body, headers);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request!.body, headers),
    ).toThrow();
    expect(body).toEqual({
      id: headers['webhook-id'],
      type: 'connection.activated',
      timestamp: first.occurredAt,
      is_simulated: false,
      service_client_id: teamId,
      data: {
        connection: {
          connection_id: firstConnection.connection_id,
          customer_id: firstConnection.customer_id,
          retailer_id: 'walmart',
          status: 'active',
          email: 'shopper@example.com',
          mobile: null,
          tags: { campaign: 'partner-test' },
        },
        first_activation: true,
      },
    });
    expect(Object.keys(body as object)).toEqual([
      'id',
      'type',
      'timestamp',
      'is_simulated',
      'service_client_id',
      'data',
    ]);

    // 2. Simulated events are not sent to partner apps.
    const simulated = await publishConnectionActivated(teamId, true);
    await consumed(simulated.id);
    expect(await partnerDeliveries(active.destination_id, simulated.data.connection.connection_id)).toEqual([]);

    // 3. A delivery still retrying when the installation is disconnected fails without being sent again.
    receiver.answer(500);
    const retrying = await publishConnectionActivated(teamId);
    await receiver.waitFor((all) => all.some(about(retrying.data.connection.connection_id)));
    await eventually(async () =>
      expect(await partnerDeliveries(active.destination_id, retrying.data.connection.connection_id)).toEqual([
        { status: 'pending', attempts: 1, last_error: 'HTTP 500', last_status_code: 500 },
      ]),
    );
    receiver.answer(200);

    // 4. installation:disconnect (dashboard disconnect) stops deliveries at once.
    expect(await fixture.platform.admin.disconnectInstallation(app.clientId, teamId)).toMatchObject({
      status: 'deactivated',
    });
    await eventually(async () => expect((await target(active.installation_id))?.status).toBe('deactivated'));
    expect(await partnerDeliveries(active.destination_id, retrying.data.connection.connection_id)).toEqual([
      { status: 'failed', attempts: 1, last_error: 'partner installation is deactivated', last_status_code: 500 },
    ]);
    const afterDisconnect = await publishConnectionActivated(teamId);
    await consumed(afterDisconnect.id);
    expect(await partnerDeliveries(active.destination_id, afterDisconnect.data.connection.connection_id)).toEqual([]);

    // 5. A new authorization resumes delivery, for new events only.
    await fixture.install(app, user);
    const resumed = await activeTarget(app, teamId);
    expect(resumed.destination_id).toBe(active.destination_id);
    const afterResume = await publishConnectionActivated(teamId);
    await receiver.waitFor((all) => all.some(about(afterResume.data.connection.connection_id)));
    expect(receiver.requests.filter(about(afterDisconnect.data.connection.connection_id))).toEqual([]);
    expect(receiver.requests.filter(about(retrying.data.connection.connection_id))).toHaveLength(1);
    expect(receiver.requests.filter(about(simulated.data.connection.connection_id))).toEqual([]);
  });

  it('rotates the partner webhook secret with an overlap (both sign, then only the new one); the brand and the partner list the deliveries', async () => {
    // A receiver of its own: the team may have other partner apps installed, each sent the same events.
    const own = rotationReceiver;
    const app = await fixture.createApp('Rotating Partner', { webhookUrl: own.url });
    const { user, tokens } = await fixture.install(app);
    const teamId = user.teamIds[0]!;
    const active = await activeTarget(app, teamId);
    const destinationSecrets = () =>
      sql<{ secret_sealed: string; previous_secret_sealed: string | null }>(
        'SELECT secret_sealed, previous_secret_sealed FROM events.webhook_destinations WHERE id = $1',
        [active.destination_id],
      ).then((rows) => rows[0]!);
    const before = await destinationSecrets();

    const deliveredFor = async () => {
      const { data } = await publishConnectionActivated(teamId);
      await own.waitFor((all) => all.some(about(data.connection.connection_id)));
      const requests = own.requests.filter(about(data.connection.connection_id));
      expect(requests).toHaveLength(1);
      return { body: requests[0]!.body, headers: requests[0]!.headers as Record<string, string> };
    };
    const verifies = (secret: string, { body, headers }: { body: string; headers: Record<string, string> }) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    };

    // 1. Rotated with an hour of overlap: deliveries carry two signatures, and each secret verifies.
    const rotated = await fixture.platform.admin.rotatePartnerAppWebhookSecret(app.clientId, 3600);
    expect(rotated.webhook_secret).toMatch(/^whsec_/);
    expect(rotated.webhook_secret).not.toBe(app.webhookSecret);
    expect(Date.parse(rotated.previous_secret_until!)).toBeGreaterThan(Date.now());
    await eventually(async () => {
      const now = await destinationSecrets();
      if (now.secret_sealed === before.secret_sealed || !now.previous_secret_sealed) throw new Error('not applied yet');
    });
    const during = await deliveredFor();
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifies(rotated.webhook_secret, during)).toBe(true);
    expect(verifies(app.webhookSecret, during)).toBe(true);

    // 2. Rotated again without overlap: only the newest secret signs.
    const latest = await fixture.platform.admin.rotatePartnerAppWebhookSecret(app.clientId, 0);
    expect(latest.previous_secret_until).toBeNull();
    const afterFirst = await destinationSecrets();
    await eventually(async () => {
      const now = await destinationSecrets();
      if (now.secret_sealed === afterFirst.secret_sealed || now.previous_secret_sealed) throw new Error('not yet');
    });
    const after = await deliveredFor();
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verifies(latest.webhook_secret, after)).toBe(true);
    expect(verifies(rotated.webhook_secret, after)).toBe(false);
    expect(verifies(app.webhookSecret, after)).toBe(false);

    // The deliveries are visible to the brand (API key: every partner app it installed) and to the partner
    // (its OAuth token: its own only); another team sees none of them.
    type Listed = { status: number; body: { deliveries: Array<{ client_id: string; status: string }> } };
    const brandKey = (await fixture.platform.admin.createApiKey(teamId, 'brand key')).api_key;
    const asBrand = (await fixture.platform.api('/partner-deliveries', { apiKey: brandKey })) as Listed;
    expect(asBrand.status).toBe(200);
    const mine = asBrand.body.deliveries.filter((delivery) => delivery.client_id === app.clientId);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((delivery) => delivery.status === 'succeeded')).toBe(true);
    const filtered = (await fixture.platform.api(`/partner-deliveries?client_id=${app.clientId}`, {
      apiKey: brandKey,
    })) as Listed;
    expect(filtered.body.deliveries).toEqual(mine);
    const asPartner = (await fixture.platform.api('/partner-deliveries', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })) as Listed;
    expect(asPartner.status).toBe(200);
    expect(asPartner.body.deliveries).toEqual(mine);
    const other = await fixture.platform.createTeam('Unrelated Brand');
    const asOther = (await fixture.platform.api('/partner-deliveries', { apiKey: other.apiKey })) as Listed;
    expect(asOther).toMatchObject({ status: 200, body: { deliveries: [], has_more: false } });
    expect((await fixture.platform.api('/partner-deliveries?limit=0', { apiKey: brandKey })).status).toBe(422);
  });
});
