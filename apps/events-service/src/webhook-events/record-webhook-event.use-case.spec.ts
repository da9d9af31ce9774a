import { type EntityManager } from 'typeorm';
import { type DeliveryRepository, type NewDelivery } from '../deliveries/delivery.repository.js';
import { type Clock, type Randomness, type DeliverySettings } from '../settings.js';
import { type WebhookDestinationEntity } from '../webhooks/webhook-destination.entity.js';
import { type WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { type EventFanOut } from './event-fan-out.js';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { type NewWebhookEvent } from './webhook-event-bodies.js';
import { WebhookDestinationFanOut } from './webhook-destination.fan-out.js';
import { type WebhookEventRepository } from './webhook-event.repository.js';
import { fake } from '../testing/fake.js';

const NOW = new Date('2025-01-01T00:00:00.000Z');
const manager = {} as EntityManager;

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

function setup(destinations: WebhookDestinationEntity[], schedule = [0, 5]) {
  const stored: NewWebhookEvent[] = [];
  const queued: NewDelivery[] = [];
  const teamsAsked: string[] = [];
  const destinationRepo = fake<WebhookDestinationRepository>({
    activeForTeam: (teamId: string) => {
      teamsAsked.push(teamId);
      return Promise.resolve(destinations.filter((d) => d.teamId === teamId && d.isActive));
    },
  });
  const deliveryRepo = fake<DeliveryRepository>({
    insertPending: (_manager: EntityManager, rows: NewDelivery[]) => {
      queued.push(...rows);
      return Promise.resolve();
    },
  });
  const settings: DeliverySettings = { retrySchedule: schedule, timeoutMs: 1000, pollMs: 100, concurrency: 1 };
  const clock: Clock = { now: () => NOW };
  const randomness = { fraction: () => 0.5 } as Randomness;
  const fanOut = new WebhookDestinationFanOut(destinationRepo, deliveryRepo, settings, clock, randomness);
  const eventRepo = fake<WebhookEventRepository>({
    insert: (_manager: EntityManager, e: NewWebhookEvent) => {
      stored.push(e);
      return Promise.resolve();
    },
  });
  return { stored, queued, teamsAsked, fanOut, eventRepo };
}

describe('RecordWebhookEventUseCase with webhook destinations', () => {
  it('queues one delivery, due now, per active subscribed destination of the team', async () => {
    const { stored, queued, teamsAsked, fanOut, eventRepo } = setup([
      destination('A'),
      destination('B', { eventTypes: ['connection.activated'] }),
      destination('C', { isActive: false }),
      destination('D', { teamId: 'team-2' }),
      destination('E'),
    ]);
    const count = await new RecordWebhookEventUseCase(eventRepo, [fanOut]).execute(event(), manager);
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
    const { queued, fanOut, eventRepo } = setup([destination('A'), destination('B', { receiveSimulatedEvents: true })]);
    await new RecordWebhookEventUseCase(eventRepo, [fanOut]).execute(event({ isSimulated: true }), manager);
    expect(queued.map((d) => d.destinationId)).toEqual(['B']);
  });

  it('stores nothing when no destination wants the event', async () => {
    const { stored, queued, fanOut, eventRepo } = setup([destination('A', { eventTypes: ['connection.activated'] })]);
    const count = await new RecordWebhookEventUseCase(eventRepo, [fanOut]).execute(event(), manager);
    expect(count).toBe(0);
    expect(stored).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('honours a first delay in the schedule', async () => {
    const { queued, fanOut, eventRepo } = setup([destination('A')], [60, 300]);
    await new RecordWebhookEventUseCase(eventRepo, [fanOut]).execute(event(), manager);
    expect(queued[0]?.nextAttemptAt.toISOString()).toBe('2025-01-01T00:01:00.000Z');
  });

  it("reads a team's destinations once per transaction, for every event of a group commit", async () => {
    const { queued, fanOut, eventRepo, teamsAsked } = setup([destination('A'), destination('B', { teamId: 'team-2' })]);
    const useCase = new RecordWebhookEventUseCase(eventRepo, [fanOut]);
    const transaction = { queryRunner: {} } as EntityManager;
    await useCase.execute(event({ id: 'E1' }), transaction);
    await useCase.execute(event({ id: 'E2' }), transaction);
    await useCase.execute(event({ id: 'E3', teamId: 'team-2' }), transaction);
    expect(teamsAsked).toEqual(['team-1', 'team-2']);
    // Another transaction reads them again, and so does every call outside a transaction.
    await useCase.execute(event({ id: 'E4' }), { queryRunner: {} } as EntityManager);
    await useCase.execute(event({ id: 'E5' }), manager);
    await useCase.execute(event({ id: 'E6' }), manager);
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
    const { stored, fanOut, eventRepo } = setup([destination('A')]);
    const another: EventFanOut = {
      fanOut: async (_event, context) => {
        await context.storeEvent();
        return 1;
      },
    };
    const count = await new RecordWebhookEventUseCase(eventRepo, [fanOut, another]).execute(event(), manager);
    expect(count).toBe(2);
    expect(stored).toHaveLength(1);
  });
});
