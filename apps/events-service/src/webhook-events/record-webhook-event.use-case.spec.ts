import { type Clock, type Randomness } from '@cps/domain';
import { type EntityManager } from 'typeorm';
import { aConnection } from '@cps/testing/unit';
import { type DeliveryRepository, type NewDelivery } from '../deliveries/delivery.repository.js';
import { FirstDeliveries } from '../deliveries/first-deliveries.js';
import { type DeliverySettings } from '../settings.js';
import { type WebhookDestinationEntity } from '../webhooks/webhook-destination.entity.js';
import { type WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { PartnerAppFanOut } from '../partner-deliveries/partner-app.fan-out.js';
import {
  type DeliveringTarget,
  type PartnerTargetRepository,
} from '../partner-deliveries/partner-target.repository.js';
import { type EventFanOut } from './event-fan-out.js';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { connectionActivatedEvent, type NewWebhookEvent } from './webhook-event-bodies.js';
import { WebhookDestinationFanOut } from './webhook-destination.fan-out.js';
import { type StoredWebhookEvent, type WebhookEventRepository } from './webhook-event.repository.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2025-01-01T00:00:00.000Z');
const manager = {} as EntityManager;

const connection = aConnection();

function destination(id: string, overrides: Partial<WebhookDestinationEntity> = {}): WebhookDestinationEntity {
  return {
    id,
    teamId: 'team-1',
    name: id,
    url: `https://example.com/${id}`,
    eventTypes: ['connection.activated', 'purchase.created'],
    isActive: true,
    receiveSimulatedEvents: false,
    secretSealed: 'v1.x.y.z',
    disabledReason: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

function event(overrides: Partial<NewWebhookEvent> = {}): NewWebhookEvent {
  return {
    id: 'EVT1',
    teamId: 'team-1',
    type: 'purchase.created',
    isSimulated: false,
    body: {} as NewWebhookEvent['body'],
    ...overrides,
  };
}

function setup(
  destinations: WebhookDestinationEntity[],
  schedule = [0, 5],
  partnerTargets: Record<string, DeliveringTarget[]> = {},
) {
  const stored: StoredWebhookEvent[] = [];
  const queued: NewDelivery[] = [];
  const teamsAsked: string[] = [];
  /** The writes, in order: one entry per statement. */
  const writes: Array<'events' | 'deliveries'> = [];
  const destinationRepo = fake<WebhookDestinationRepository>({
    activeForTeam: (teamId: string) => {
      teamsAsked.push(teamId);
      return Promise.resolve(destinations.filter((d) => d.teamId === teamId && d.isActive));
    },
  });
  const deliveryRepo = fake<DeliveryRepository>({
    insertPending: (_manager: EntityManager, rows: NewDelivery[]) => {
      if (rows.length > 0) writes.push('deliveries');
      queued.push(...rows);
      return Promise.resolve();
    },
  });
  const eventRepo = fake<WebhookEventRepository>({
    insertMany: (_manager: EntityManager, events: readonly StoredWebhookEvent[]) => {
      if (events.length > 0) writes.push('events');
      stored.push(...events);
      return Promise.resolve();
    },
  });
  const targetRepo = fake<PartnerTargetRepository>({
    deliveringForTeam: (_manager: EntityManager, teamId: string) => {
      teamsAsked.push(`partners of ${teamId}`);
      return Promise.resolve(partnerTargets[teamId] ?? []);
    },
  });
  const settings: DeliverySettings = { retrySchedule: schedule, timeoutMs: 1000, pollMs: 100, concurrency: 1 };
  const clock: Clock = { now: () => NOW };
  const randomness = { fraction: () => 0.5 } as Randomness;
  const firstDeliveries = new FirstDeliveries(settings, clock, randomness);
  const fanOut = new WebhookDestinationFanOut(destinationRepo, firstDeliveries);
  const partnerFanOut = new PartnerAppFanOut(targetRepo, firstDeliveries);
  const useCase = (fanOuts: EventFanOut[] = [fanOut]) =>
    new RecordWebhookEventUseCase(eventRepo, deliveryRepo, fanOuts);
  return { stored, queued, teamsAsked, writes, fanOut, partnerFanOut, useCase };
}

describe('RecordWebhookEventUseCase with webhook destinations', () => {
  it('queues one delivery, due now, per active subscribed destination of the team', async () => {
    const { stored, queued, teamsAsked, useCase } = setup([
      destination('A'),
      destination('B', { eventTypes: ['connection.activated'] }),
      destination('C', { isActive: false }),
      destination('D', { teamId: 'team-2' }),
      destination('E'),
    ]);
    const count = await useCase().execute(event(), manager);
    expect(count).toBe(2);
    expect(teamsAsked).toEqual(['team-1']);
    expect(stored.map((e) => e.id)).toEqual(['EVT1']);
    expect(queued.map((d) => [d.destinationId, d.eventId, d.teamId, d.nextAttemptAt.toISOString()])).toEqual([
      ['A', 'EVT1', 'team-1', NOW.toISOString()],
      ['E', 'EVT1', 'team-1', NOW.toISOString()],
    ]);
    expect(new Set(queued.map((d) => d.id)).size).toBe(2);
  });

  it('sends simulated events only to destinations that accept them', async () => {
    const { queued, useCase } = setup([destination('A'), destination('B', { receiveSimulatedEvents: true })]);
    await useCase().execute(event({ isSimulated: true }), manager);
    expect(queued.map((d) => d.destinationId)).toEqual(['B']);
  });

  it('stores nothing when no destination wants the event', async () => {
    const { stored, queued, useCase } = setup([destination('A', { eventTypes: ['connection.activated'] })]);
    const count = await useCase().execute(event(), manager);
    expect(count).toBe(0);
    expect(stored).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('honours a first delay in the schedule', async () => {
    const { queued, useCase } = setup([destination('A')], [60, 300]);
    await useCase().execute(event(), manager);
    expect(queued[0]?.nextAttemptAt.toISOString()).toBe('2025-01-01T00:01:00.000Z');
  });

  it("reads a team's destinations once per transaction, for every event of a group commit", async () => {
    const { queued, useCase, teamsAsked } = setup([destination('A'), destination('B', { teamId: 'team-2' })]);
    const recordEvent = useCase();
    const transaction = { queryRunner: {} } as EntityManager;
    await recordEvent.execute(event({ id: 'E1' }), transaction);
    await recordEvent.execute(event({ id: 'E2' }), transaction);
    await recordEvent.execute(event({ id: 'E3', teamId: 'team-2' }), transaction);
    expect(teamsAsked).toEqual(['team-1', 'team-2']);
    // Another transaction reads them again, and so does every call outside a transaction.
    await recordEvent.execute(event({ id: 'E4' }), { queryRunner: {} } as EntityManager);
    await recordEvent.execute(event({ id: 'E5' }), manager);
    await recordEvent.execute(event({ id: 'E6' }), manager);
    expect(teamsAsked).toEqual(['team-1', 'team-2', 'team-1', 'team-1', 'team-1']);
    expect(queued.map((delivery) => [delivery.eventId, delivery.destinationId])).toEqual([
      ['E1', 'A'],
      ['E2', 'A'],
      ['E3', 'B'],
      ['E4', 'A'],
      ['E5', 'A'],
      ['E6', 'A'],
    ]);
  });

  it('stores the event once however many fan-outs need it', async () => {
    const { stored, fanOut, useCase } = setup([destination('A')]);
    const another: EventFanOut = {
      fanOut: (queuedEvent, context) => {
        context.storeEvent(queuedEvent);
        return Promise.resolve();
      },
    };
    expect(await useCase([fanOut, another]).execute(event(), manager)).toBe(1);
    expect(stored).toHaveLength(1);
  });
});

describe('RecordWebhookEventUseCase with a group commit of events', () => {
  const activated = (id: string, teamId: string, isSimulated = false) =>
    connectionActivatedEvent(id, teamId, NOW.toISOString(), {
      connection: { ...connection, is_simulated: isSimulated },
      firstActivation: true,
    });

  it("writes two teams' event rows in one statement, then their deliveries in one more, reading each team once", async () => {
    const { stored, queued, teamsAsked, writes, fanOut, partnerFanOut, useCase } = setup(
      [destination('A'), destination('B', { teamId: 'team-2' })],
      [0, 5],
      { 'team-1': [{ installationId: 'INST1', destinationId: 'P1' }] },
    );
    const batch = [
      activated('E1', 'team-1'),
      activated('E2', 'team-2'),
      activated('E3', 'team-1'),
      activated('E4', 'team-2', true), // simulated: neither B nor a partner app wants it
    ];
    const count = await useCase([fanOut, partnerFanOut]).executeMany(batch, { queryRunner: {} } as EntityManager);

    expect(writes).toEqual(['events', 'deliveries']);
    expect(teamsAsked).toEqual(['team-1', 'partners of team-1', 'team-2', 'partners of team-2']);
    const partnerCopies = stored.filter((e) => !['E1', 'E2', 'E3'].includes(e.id));
    expect(stored.map((e) => e.id)).toEqual(['E1', partnerCopies[0]!.id, 'E2', 'E3', partnerCopies[1]!.id]);
    expect(partnerCopies).toEqual([
      expect.objectContaining({
        teamId: 'team-1',
        isSimulated: false,
        body: expect.objectContaining({ id: partnerCopies[0]!.id, service_client_id: 'team-1' }),
      }),
      expect.objectContaining({
        teamId: 'team-1',
        isSimulated: false,
        body: expect.objectContaining({ id: partnerCopies[1]!.id, service_client_id: 'team-1' }),
      }),
    ]);
    expect(queued.map((d) => [d.teamId, d.destinationId, d.eventId])).toEqual([
      ['team-1', 'A', 'E1'],
      ['team-1', 'P1', partnerCopies[0]!.id],
      ['team-2', 'B', 'E2'],
      ['team-1', 'A', 'E3'],
      ['team-1', 'P1', partnerCopies[1]!.id],
    ]);
    expect(count).toBe(5);
  });

  it('writes nothing when no recipient wants any event of the batch', async () => {
    const { stored, writes, fanOut, partnerFanOut, useCase } = setup([destination('A', { teamId: 'team-3' })]);
    const count = await useCase([fanOut, partnerFanOut]).executeMany(
      [activated('E1', 'team-1'), activated('E2', 'team-2')],
      manager,
    );
    expect(count).toBe(0);
    expect(writes).toEqual([]);
    expect(stored).toEqual([]);
  });
});
