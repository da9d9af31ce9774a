import { DeliverPolicy } from '@nats-io/jetstream';
import { AuthContracts } from '@cps/contracts';
import { ConnectorRevocationsFeed } from './connector-revocations.feed.js';
import { type OrderedConsumers } from './ordered-event-feed.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const seconds = (iso: string) => Date.parse(iso) / 1000;

function setup() {
  const nats = { js: { consumers: { get: async () => ({ consume: async () => [] as never }) } } } as OrderedConsumers;
  return new ConnectorRevocationsFeed(nats, { EVENTS_STREAM: 'CPS_EVENTS' }, () => NOW);
}

const event = (data: Record<string, unknown>) => ({
  id: '01JBENCH',
  subject: AuthContracts.mcpConnectorDisconnected.subject,
  occurredAt: '2026-11-25T11:59:00.000Z',
  correlationId: '01JBENCH',
  teamId: 'team_1',
  data,
});

describe('ConnectorRevocationsFeed', () => {
  it('refuses tokens of the pair issued until the disconnect, and nobody else', () => {
    const feed = setup();
    feed.handle(
      event({
        clientId: 'c1',
        teamId: 'team_1',
        disconnectedAt: '2026-11-25T11:59:00.000Z',
        reason: 'dashboard_disconnect',
      }),
    );
    expect(feed.isRevoked('c1', 'team_1', seconds('2026-11-25T11:58:00Z'))).toBe(true);
    expect(feed.isRevoked('c1', 'team_1', seconds('2026-11-25T11:59:00Z'))).toBe(true);
    expect(feed.isRevoked('c1', 'team_1', seconds('2026-11-25T11:59:01Z'))).toBe(false);
    expect(feed.isRevoked('c1', 'team_2', seconds('2026-11-25T11:58:00Z'))).toBe(false);
    expect(feed.isRevoked('c2', 'team_1', seconds('2026-11-25T11:58:00Z'))).toBe(false);
  });

  it('ignores malformed events and forgets revocations older than any live token', () => {
    const feed = setup();
    feed.handle({ nonsense: true });
    feed.handle(event({ clientId: 'c1' }));
    feed.handle(
      event({
        clientId: 'old',
        teamId: 'team_1',
        disconnectedAt: '2026-11-25T11:00:00.000Z',
        reason: 'dashboard_disconnect',
      }),
    );
    expect(feed.isRevoked('c1', 'team_1', seconds('2026-11-25T11:58:00Z'))).toBe(false);
    expect(feed.isRevoked('old', 'team_1', seconds('2026-11-25T10:59:00Z'))).toBe(false);
  });

  it('replays the last 16 minutes when it (re)subscribes', () => {
    const start = (setup() as unknown as { start(): unknown }).start();
    expect(start).toEqual({ deliver_policy: DeliverPolicy.StartTime, opt_start_time: '2026-11-25T11:44:00.000Z' });
  });
});
