import { runMigrations, schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase, logStatements } from '@cps/testing';
import { DataSource } from 'typeorm';
import { type DeliveryTransition } from '@cps/domain';
import { type ClaimedDelivery, DeliveryRepository } from '../src/deliveries/delivery.repository.js';
import { migrations } from '../src/migrations/index.js';

/**
 * Attempts that end together are recorded by one statement (group commit), with the same effects as one statement
 * each: every attempt row kept, a delivery moved on only when its lease's attempt count still holds, and a
 * destination disabled on 410 Gone.
 */
let database: { url: string; drop(): Promise<void> };
let dataSource: DataSource;
let repository: DeliveryRepository;
let statements: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = new DataSource(
    schemaDataSourceOptions({ url: database.url, schema: 'events', entities: [], migrations, poolSize: 4 }),
  );
  await dataSource.initialize();
  await runMigrations(dataSource, 'events');
  statements = logStatements(dataSource);
  repository = new DeliveryRepository(dataSource);
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

async function seed(destinations: string[], deliveries: Array<{ id: string; destination: string; attempts: number }>) {
  await dataSource.manager.query(
    `INSERT INTO events.webhook_destinations (id, team_id, name, url, event_types, is_active, receive_simulated_events,
       secret_sealed)
     SELECT d, 'team_1', d, 'https://hooks.example.com/' || d, '{purchase.created}', true, false, 'sealed'
       FROM unnest($1::text[]) d`,
    [destinations],
  );
  for (const delivery of deliveries) {
    await dataSource.manager.query(
      `INSERT INTO events.webhook_events (id, team_id, type, is_simulated, payload)
       VALUES ($1, 'team_1', 'purchase.created', false, '{}');
       `,
      [`evt_${delivery.id}`],
    );
    await dataSource.manager.query(
      `INSERT INTO events.deliveries (id, team_id, destination_id, event_id, status, attempts, next_attempt_at)
       VALUES ($1, 'team_1', $2, $3, 'pending', $4, now())`,
      [delivery.id, delivery.destination, `evt_${delivery.id}`, delivery.attempts],
    );
  }
}

const claimed = (id: string, destinationId: string, attempts: number): ClaimedDelivery => ({
  id,
  teamId: 'team_1',
  destinationId,
  eventId: `evt_${id}`,
  attempts,
  url: 'https://hooks.example.com/',
  destinationActive: true,
  secretSealed: 'sealed',
  previousSecretSealed: null,
  body: '{}',
});

const at = new Date('2026-11-27T08:00:00.000Z');

const retryAt = new Date('2026-11-27T08:01:00.000Z');
const succeeded: DeliveryTransition = { status: 'succeeded', nextAttemptAt: null, disableDestination: false };
const retry: DeliveryTransition = { status: 'pending', nextAttemptAt: retryAt, disableDestination: false };
const gone: DeliveryTransition = { status: 'failed', nextAttemptAt: null, disableDestination: true };

/** One attempt of delivery `id` (leased with `attempts` made before) that got `statusCode` after `durationMs`. */
function record(
  id: string,
  destinationId: string,
  attempts: number,
  answer: { statusCode: number; error?: string; durationMs: number },
  transition: DeliveryTransition = succeeded,
  disabledReason: string | null = null,
) {
  return repository.recordAttempt(
    claimed(id, destinationId, attempts),
    { attemptedAt: at, statusCode: answer.statusCode, error: answer.error ?? null, durationMs: answer.durationMs },
    transition,
    disabledReason,
  );
}

it('records attempts that end together in one statement, each with its own effect', async () => {
  await seed(
    ['dest_ok', 'dest_gone'],
    [
      { id: 'del_ok', destination: 'dest_ok', attempts: 0 },
      { id: 'del_retry', destination: 'dest_ok', attempts: 2 },
      { id: 'del_gone', destination: 'dest_gone', attempts: 0 },
      { id: 'del_stale', destination: 'dest_ok', attempts: 5 },
      { id: 'del_first', destination: 'dest_ok', attempts: 0 },
    ],
  );
  statements.length = 0;
  await Promise.all([
    // Recorded at once; the four below end while it is being written, so they share the next statement.
    record('del_first', 'dest_ok', 0, { statusCode: 204, durationMs: 3 }),
    record('del_ok', 'dest_ok', 0, { statusCode: 200, durationMs: 12 }),
    record('del_retry', 'dest_ok', 2, { statusCode: 503, error: 'HTTP 503', durationMs: 40 }, retry),
    record(
      'del_gone',
      'dest_gone',
      0,
      { statusCode: 410, error: 'HTTP 410: endpoint gone; webhook disabled', durationMs: 7 },
      gone,
      'endpoint answered 410 Gone',
    ),
    // A lease that expired during a slow call: another attempt was recorded meanwhile (5 made, not 4).
    record('del_stale', 'dest_ok', 4, { statusCode: 200, durationMs: 31_000 }),
  ]);
  expect(statements).toHaveLength(2);

  const deliveries = await dataSource.manager.query(
    `SELECT id, status, attempts, next_attempt_at, last_status_code, last_error FROM events.deliveries ORDER BY id`,
  );
  expect(deliveries).toEqual([
    {
      id: 'del_first',
      status: 'succeeded',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 204,
      last_error: null,
    },
    {
      id: 'del_gone',
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 410,
      last_error: 'HTTP 410: endpoint gone; webhook disabled',
    },
    { id: 'del_ok', status: 'succeeded', attempts: 1, next_attempt_at: null, last_status_code: 200, last_error: null },
    {
      id: 'del_retry',
      status: 'pending',
      attempts: 3,
      next_attempt_at: retryAt,
      last_status_code: 503,
      last_error: 'HTTP 503',
    },
    {
      id: 'del_stale',
      status: 'pending',
      attempts: 5,
      next_attempt_at: expect.any(Date),
      last_status_code: null,
      last_error: null,
    },
  ]);
  // Every request sent is on record, the stale one too.
  const attempts = await dataSource.manager.query(
    `SELECT delivery_id, status_code, error, duration_ms FROM events.delivery_attempts ORDER BY delivery_id`,
  );
  expect(attempts).toEqual([
    { delivery_id: 'del_first', status_code: 204, error: null, duration_ms: 3 },
    {
      delivery_id: 'del_gone',
      status_code: 410,
      error: 'HTTP 410: endpoint gone; webhook disabled',
      duration_ms: 7,
    },
    { delivery_id: 'del_ok', status_code: 200, error: null, duration_ms: 12 },
    { delivery_id: 'del_retry', status_code: 503, error: 'HTTP 503', duration_ms: 40 },
    { delivery_id: 'del_stale', status_code: 200, error: null, duration_ms: 31_000 },
  ]);
  const destinations = await dataSource.manager.query(
    `SELECT id, is_active, disabled_reason FROM events.webhook_destinations ORDER BY id`,
  );
  expect(destinations).toEqual([
    { id: 'dest_gone', is_active: false, disabled_reason: 'endpoint answered 410 Gone' },
    { id: 'dest_ok', is_active: true, disabled_reason: null },
  ]);
});

it('records the other attempts of a batch when one of them cannot be recorded', async () => {
  await seed(
    ['dest_b'],
    [
      { id: 'del_b1', destination: 'dest_b', attempts: 0 },
      { id: 'del_b2', destination: 'dest_b', attempts: 0 },
    ],
  );
  statements.length = 0;
  const results = await Promise.allSettled([
    record('del_b1', 'dest_b', 0, { statusCode: 200, durationMs: 1 }),
    record('del_b2', 'dest_b', 0, { statusCode: 200, durationMs: 2 }),
    // Out of the integer column's range: this one fails, alone.
    record('del_b2', 'dest_b', 0, { statusCode: 200, durationMs: 2 ** 40 }),
  ]);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
  // The first alone, the failed pair, then each of the pair alone.
  expect(statements).toHaveLength(4);
  const rows = await dataSource.manager.query(
    `SELECT id, status, attempts FROM events.deliveries WHERE destination_id = 'dest_b' ORDER BY id`,
  );
  expect(rows).toEqual([
    { id: 'del_b1', status: 'succeeded', attempts: 1 },
    { id: 'del_b2', status: 'succeeded', attempts: 1 },
  ]);
});
