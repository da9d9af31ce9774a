import { type Clock, type Randomness } from '@cps/domain';
import { type EntityManager } from 'typeorm';
import { aConnection } from '@cps/testing/unit';
import { type NewDelivery } from '../deliveries/delivery.repository.js';
import { FirstDeliveries } from '../deliveries/first-deliveries.js';
import { type DeliverySettings } from '../settings.js';
import { type FanOutContext } from '../webhook-events/event-fan-out.js';
import { connectionActivatedEvent } from '../webhook-events/webhook-event-bodies.js';
import { type StoredWebhookEvent } from '../webhook-events/webhook-event.repository.js';
import { PartnerAppFanOut } from './partner-app.fan-out.js';
import { type DeliveringTarget, type PartnerTargetRepository } from './partner-target.repository.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-01-01T00:00:00.000Z');

const connection = aConnection();

function setup(delivering: Record<string, DeliveringTarget[]>, schedule = [0, 5]) {
  const storedEvents: StoredWebhookEvent[] = [];
  const queued: NewDelivery[] = [];
  const targets = fake<PartnerTargetRepository>({
    deliveringForTeam: (_m: EntityManager, teamId: string) => Promise.resolve(delivering[teamId] ?? []),
  });
  const settings: DeliverySettings = { retrySchedule: schedule, timeoutMs: 1000, pollMs: 100, concurrency: 1 };
  const clock: Clock = { now: () => NOW };
  const randomness = { fraction: () => 0.5 } as Randomness;
  const context: FanOutContext = {
    manager: {} as EntityManager,
    storeEvent: (event) => {
      storedEvents.push(event);
    },
    queueDeliveries: (rows) => {
      queued.push(...rows);
    },
    perTransaction: (_key, load) => load(),
  };
  return {
    fanOut: new PartnerAppFanOut(targets, new FirstDeliveries(settings, clock, randomness)),
    context,
    storedEvents,
    queued,
  };
}

const event = (isSimulated = false, teamId = 'team-1') =>
  connectionActivatedEvent('BRAND1', teamId, '2025-01-01T00:00:00.000Z', {
    connection: { ...connection, is_simulated: isSimulated },
    firstActivation: true,
  });

describe('PartnerAppFanOut', () => {
  const team1 = [
    { installationId: 'INST1', destinationId: 'DST1' },
    { installationId: 'INST2', destinationId: 'DST2' },
  ];

  it('queues one delivery per delivering installation of the team, of one partner event row', async () => {
    const { fanOut, context, storedEvents, queued } = setup({ 'team-1': team1 });
    await fanOut.fanOut(event(), context);
    // The partner copy only: the brand's row is not the partner's.
    expect(storedEvents).toHaveLength(1);
    const stored = storedEvents[0]!;
    expect(stored.id).not.toBe('BRAND1');
    expect(stored).toMatchObject({ teamId: 'team-1', type: 'connection.activated', isSimulated: false });
    expect(stored.body).toMatchObject({ id: stored.id, service_client_id: 'team-1', is_simulated: false });
    expect(queued.map((d) => [d.destinationId, d.eventId, d.teamId, d.nextAttemptAt.toISOString()])).toEqual([
      ['DST1', stored.id, 'team-1', NOW.toISOString()],
      ['DST2', stored.id, 'team-1', NOW.toISOString()],
    ]);
    expect(new Set(queued.map((d) => d.id)).size).toBe(2);
  });

  it('sends nothing to other teams, and stores nothing when the team has no delivering installation', async () => {
    const { fanOut, context, storedEvents, queued } = setup({ 'team-1': team1 });
    await fanOut.fanOut(event(false, 'team-2'), context);
    expect(storedEvents).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('never sends simulated events', async () => {
    const { fanOut, context, storedEvents, queued } = setup({ 'team-1': team1 });
    await fanOut.fanOut(event(true), context);
    expect(storedEvents).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('follows the first delay of the retry schedule', async () => {
    const { fanOut, context, queued } = setup({ 'team-1': team1 }, [60, 300]);
    await fanOut.fanOut(event(), context);
    expect(queued[0]?.nextAttemptAt.toISOString()).toBe('2025-01-01T00:01:00.000Z');
  });
});
