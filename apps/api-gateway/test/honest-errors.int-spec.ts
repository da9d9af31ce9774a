import pg from 'pg';
import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import { enableRetailer, simulatedConnection } from './support/fixtures.js';

/**
 * Trouble of the infrastructure is not a bug: a request whose Postgres backend is terminated while it runs
 * answers 503 with Retry-After (its transaction rolled back, a retry is safe), and the retry succeeds.
 */
describe('honest errors under infrastructure faults', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let db: pg.Client;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['api-gateway', 'auth-server', 'sync-service', 'sandbox-retailer'],
    });
    team = await platform.createTeam('Fault Brand');
    await enableRetailer(platform, team, 'walmart');
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it('answers 503 with Retry-After when the database connection is killed mid-request, and the retry works', async () => {
    const connectionId = await simulatedConnection(platform, team);
    const locker = new pg.Client({ connectionString: platform.databaseUrl });
    await locker.connect();
    try {
      // Hold the connection's row so sync-service's update waits on it, mid-request.
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM sync.connections WHERE id = $1 FOR UPDATE', [connectionId]);
      const pending = platform.api(`/connections/${connectionId}`, {
        method: 'PATCH',
        apiKey: team.apiKey,
        body: { customer_id: 'fault-customer' },
      });
      const waiting = await eventually(async () => {
        const { rows } = await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = 'sync-service'`,
        );
        if (rows.length === 0) throw new Error('sync-service is not waiting on the lock yet');
        return rows;
      });
      for (const { pid } of waiting) await db.query('SELECT pg_terminate_backend($1)', [pid]);

      const answer = await pending;
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ detail: 'temporarily unavailable; try again shortly' });
      expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }

    const retried = await eventually(async () => {
      const answer = await platform.api(`/connections/${connectionId}`, {
        method: 'PATCH',
        apiKey: team.apiKey,
        body: { customer_id: 'fault-customer' },
      });
      expect(answer.status).toBe(200);
      return answer;
    });
    expect(retried.body).toMatchObject({ connection_id: connectionId, customer_id: 'fault-customer' });
  });

  it('answers 503 with Retry-After naming the service when it does not answer', async () => {
    const sync = platform.platform.service('sync-service');
    await sync.stop();
    try {
      const answer = await platform.api('/connections', { apiKey: team.apiKey });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ detail: 'sync-service is unavailable; try again shortly' });
      expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      sync.start();
      await sync.waitReady();
    }
  });
});
