import { runMigrations, schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase, logStatements } from '@cps/testing';
import { DataSource } from 'typeorm';
import { type CollectionClaim, CollectionStateRepository } from '../src/collection/collection-state.repository.js';
import { migrations } from '../src/migrations/index.js';

/**
 * Polls that end together are written by one statement (group commit), each with the effect it would have alone:
 * a held lease is released and the next poll scheduled (now, when a push came in meanwhile), a lost one is
 * reported and its row left alone.
 */
let database: { url: string; drop(): Promise<void> };
let dataSource: DataSource;
let repository: CollectionStateRepository;
let statements: string[];

const OWNER = 'host:1:owner';

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = new DataSource(
    schemaDataSourceOptions({ url: database.url, schema: 'sync', entities: [], migrations, poolSize: 4 }),
  );
  await dataSource.initialize();
  await runMigrations(dataSource, 'sync');
  // Only the collection states matter here: seeded without their connections (foreign keys not enforced).
  await dataSource.transaction(async (tx) => {
    await tx.query(`SET LOCAL session_replication_role = replica`);
    await tx.query(
      `INSERT INTO sync.collection_states (connection_id, team_id, retailer_id, credentials_sealed, credentials_version,
         next_poll_at, lease_owner, lease_expires_at, consecutive_failures, created_at, updated_at, poll_requested)
       VALUES ('conn_first', 'team_1', 'walmart', 'sealed', 1, now(), $1, now() + interval '1 minute', 0, now(), now(), false),
              ('conn_quiet', 'team_1', 'walmart', 'sealed', 1, now(), $1, now() + interval '1 minute', 2, now(), now(), false),
              ('conn_pushed', 'team_1', 'walmart', 'sealed', 1, now(), $1, now() + interval '1 minute', 0, now(), now(), true),
              ('conn_taken', 'team_1', 'walmart', 'sealed', 1, now(), 'host:2:other', now() + interval '1 minute', 0, now(), now(), false),
              ('conn_relinked', 'team_1', 'walmart', 'sealed', 2, now(), $1, now() + interval '1 minute', 0, now(), now(), false)`,
      [OWNER],
    );
  });
  statements = logStatements(dataSource);
  repository = new CollectionStateRepository(dataSource);
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

const claim = (connectionId: string, credentialsVersion = 1): CollectionClaim => ({
  connectionId,
  teamId: 'team_1',
  retailerId: 'walmart',
  credentialsSealed: 'sealed',
  credentialsVersion,
  sessionSealed: null,
  cursor: null,
  consecutiveFailures: 0,
});

it('writes the polls that end together in one statement, each with its own outcome', async () => {
  statements.length = 0;
  const results = await Promise.all([
    // Written at once; the four below end while it is being written, so they share the next statement.
    repository.finishPoll(claim('conn_first'), OWNER, 60_000),
    repository.finishPoll(claim('conn_quiet'), OWNER, 3_600_000),
    repository.finishPoll(claim('conn_pushed'), OWNER, 3_600_000),
    // Its lease ran out and another process took it.
    repository.finishPoll(claim('conn_taken'), OWNER, 60_000),
    // Linked again while it was polled: the poll's credentials are not the stored ones any more.
    repository.finishPoll(claim('conn_relinked', 1), OWNER, 60_000),
  ]);
  expect(statements).toHaveLength(2);
  expect(results).toEqual([
    { held: true, dueNow: false },
    { held: true, dueNow: false },
    { held: true, dueNow: true },
    { held: false, dueNow: false },
    { held: false, dueNow: false },
  ]);

  const rows: Array<Record<string, unknown>> = await dataSource.manager.query(
    `SELECT connection_id, lease_owner, consecutive_failures, last_polled_at IS NOT NULL AS polled,
            round(extract(epoch FROM next_poll_at - now()))::int AS due_in_seconds
       FROM sync.collection_states ORDER BY connection_id`,
  );
  expect(rows).toEqual([
    { connection_id: 'conn_first', lease_owner: null, consecutive_failures: 0, polled: true, due_in_seconds: 60 },
    { connection_id: 'conn_pushed', lease_owner: null, consecutive_failures: 0, polled: true, due_in_seconds: 0 },
    { connection_id: 'conn_quiet', lease_owner: null, consecutive_failures: 0, polled: true, due_in_seconds: 3600 },
    { connection_id: 'conn_relinked', lease_owner: OWNER, consecutive_failures: 0, polled: false, due_in_seconds: 0 },
    {
      connection_id: 'conn_taken',
      lease_owner: 'host:2:other',
      consecutive_failures: 0,
      polled: false,
      due_in_seconds: 0,
    },
  ]);
});
