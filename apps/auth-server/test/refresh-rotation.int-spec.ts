import { runMigrations, schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase, eventually, logStatements } from '@cps/testing';
import { DataSource } from 'typeorm';
import { migrations } from '../src/migrations/index.js';
import { RefreshTokenRepository, ROTATE_NEWEST } from '../src/oauth/tokens/refresh-token.repository.js';
import { FULL_SCOPE } from '../src/oauth/scope-policy.js';

/**
 * The one-statement rotation of a refresh token (`rotateNewest`): what it writes, every case it leaves to the
 * locked decision (by returning null), a rotation that loses a race to a concurrent one, and the shape of its
 * generic plan (bench/oauth saw a form of it walk 9,346 of one installation's tokens a statement through the
 * partial installation index; this checks that every read of the ledger goes by a unique key).
 */
let database: { url: string; drop(): Promise<void> };
let dataSource: DataSource;
let tokens: RefreshTokenRepository;
let statements: string[];
const NOW = new Date('2026-11-29T12:00:00Z');
/** app_1 as it authenticates: its id and the hash of its secret. */
const APP_1 = { clientId: 'app_1', secretHash: 'secret_1' };
const LATER = new Date(NOW.getTime() + 30 * 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = new DataSource(
    schemaDataSourceOptions({ url: database.url, schema: 'auth', entities: [], migrations, poolSize: 4 }),
  );
  await dataSource.initialize();
  await runMigrations(dataSource, 'auth');
  await dataSource.query(`INSERT INTO auth.teams (id, name) VALUES ('team_1', 'Team')`);
  await dataSource.query(
    `INSERT INTO auth.partner_apps (client_id, team_id, name, secret_hash, redirect_uris, webhook_secret_sealed)
     VALUES ('app_1', 'team_1', 'App', 'secret_1', '{https://app.example/cb}', 's'),
            ('app_2', 'team_1', 'Other', 'secret_2', '{https://other.example/cb}', 's')`,
  );
  tokens = new RefreshTokenRepository(dataSource);
  statements = logStatements(dataSource);
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

let sequence = 0;
/** An installation of app_1 (in a team of its own) with one token; `token` overrides its columns. */
async function seed(options: { status?: string; token?: Record<string, unknown> } = {}) {
  sequence += 1;
  const installation = `inst_${sequence}`;
  const team = `team_of_${installation}`;
  await dataSource.query(`INSERT INTO auth.teams (id, name) VALUES ($1, 'Team')`, [team]);
  await dataSource.query(
    `INSERT INTO auth.installations (id, client_id, team_id, status, scope, created_at, updated_at)
     VALUES ($1, 'app_1', $2, $3, $4, $5, $5)`,
    [installation, team, options.status ?? 'active', FULL_SCOPE, NOW],
  );
  const token = {
    id: `rt_${sequence}`,
    token_hash: `hash_${sequence}`,
    scope: FULL_SCOPE,
    expires_at: LATER,
    rotated_at: null,
    revoked_at: null,
    ...options.token,
  };
  await dataSource.query(
    `INSERT INTO auth.refresh_tokens (id, installation_id, token_hash, family_id, user_id, scope, issued_at, expires_at,
       rotated_at, revoked_at)
     VALUES ($1, $2, $3, $1, 'user_1', $4, $5, $6, $7, $8)`,
    [token.id, installation, token.token_hash, token.scope, NOW, token.expires_at, token.rotated_at, token.revoked_at],
  );
  return { installation, team, id: token.id, hash: token.token_hash };
}

const next = (n: string) => ({
  id: `rt_next_${n}`,
  tokenHash: `hash_next_${n}`,
  scope: FULL_SCOPE,
  issuedAt: NOW,
  expiresAt: LATER,
});

async function row(id: string) {
  const [found] = await dataSource.query(
    `SELECT id, parent_id, family_id, user_id, rotated_at, replaced_by, replacement_sealed, token_hash
     FROM auth.refresh_tokens WHERE id = $1`,
    [id],
  );
  return found;
}

describe('RefreshTokenRepository.rotateNewest', () => {
  it('rotates the newest token in one statement: the new token, the rotation, and the parent sealed copy dropped', async () => {
    const first = await seed();
    await tokens.rotateNewest(first.hash, APP_1, next('a'), 'sealed_a');
    statements.length = 0;
    const rotated = await tokens.rotateNewest('hash_next_a', APP_1, next('b'), 'sealed_b');
    expect(statements).toHaveLength(1);
    expect(rotated).toEqual({ userId: 'user_1', teamId: first.team, authorizedBy: null });
    expect(await row('rt_next_b')).toMatchObject({
      parent_id: 'rt_next_a',
      family_id: first.id,
      user_id: 'user_1',
      rotated_at: null,
    });
    expect(await row('rt_next_a')).toMatchObject({ replaced_by: 'rt_next_b', replacement_sealed: 'sealed_b' });
    expect((await row('rt_next_a')).rotated_at).toEqual(NOW);
    expect(await row(first.id)).toMatchObject({ replaced_by: 'rt_next_a', replacement_sealed: null });
  });

  it.each([
    ['an unknown token', {}, 'hash_nobody', APP_1],
    ['another app', {}, undefined, { clientId: 'app_2', secretHash: 'secret_2' }],
    ['a wrong client secret', {}, undefined, { clientId: 'app_1', secretHash: 'secret_2' }],
    ['an inactive installation', { status: 'disconnected' }, undefined, APP_1],
    ['a rotated token', { token: { rotated_at: NOW } }, undefined, APP_1],
    ['a revoked token', { token: { revoked_at: NOW } }, undefined, APP_1],
    ['an expired token', { token: { expires_at: NOW } }, undefined, APP_1],
    ['a two-scope grant', { token: { scope: 'connections:read purchases:brand_products' } }, undefined, APP_1],
  ])('leaves %s to the locked decision and changes nothing', async (_case, options, hash, client) => {
    const seeded = await seed(options);
    const before = await row(seeded.id);
    const key = `none_${seeded.id}`;
    await expect(tokens.rotateNewest(hash ?? seeded.hash, client, next(key), 's')).resolves.toBeNull();
    expect(await row(seeded.id)).toEqual(before);
    expect(await row(`rt_next_${key}`)).toBeUndefined();
  });

  it('loses to a rotation committed while it waited for the installation lock', async () => {
    const seeded = await seed();
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.query('START TRANSACTION');
    await runner.query(`SELECT 1 FROM auth.installations WHERE id = $1 FOR UPDATE`, [seeded.installation]);
    const waiting = tokens.rotateNewest(seeded.hash, APP_1, next('late'), 's');
    // Only once the statement waits for the lock does the rotation commit: it must see it after its wait.
    await eventually(async () => {
      const [{ waiting: count }] = await dataSource.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH token AS%'`,
      );
      if (count !== 1) throw new Error('the rotation is not waiting for the lock yet');
    });
    await runner.query(`UPDATE auth.refresh_tokens SET rotated_at = $2, replaced_by = id WHERE id = $1`, [
      seeded.id,
      NOW,
    ]);
    await runner.query('COMMIT');
    await runner.release();
    await expect(waiting).resolves.toBeNull();
    expect(await row('rt_next_late')).toBeUndefined();
  });

  it('reads the ledger by its unique keys only, in a generic plan over one installation with thousands of tokens', async () => {
    await dataSource.query('ANALYZE auth.refresh_tokens');
    await dataSource.query('ANALYZE auth.installations');
    const seeded = await seed();
    // Thousands of one installation's tokens after the statistics: the partial installation index now covers them.
    await dataSource.query(
      `INSERT INTO auth.refresh_tokens (id, installation_id, token_hash, family_id, scope, issued_at, expires_at,
         rotated_at)
       SELECT 'bulk_' || g, $1, 'bulk_hash_' || g, 'bulk', $2, $3, $4, $3 FROM generate_series(1, 5000) g`,
      [seeded.installation, FULL_SCOPE, NOW, LATER],
    );
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('START TRANSACTION');
      await runner.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await runner.query(`PREPARE rotate_generic AS ${ROTATE_NEWEST}`);
      const plan = (await runner.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE rotate_generic('${seeded.hash}', 'app_1', '${FULL_SCOPE}', 'rt_generic',
           '${NOW.toISOString()}', 'hash_generic', '${LATER.toISOString()}', 's', 'secret_1')`,
      )) as Array<{ 'QUERY PLAN': Array<{ Plan: unknown }> }>;
      const scans: Array<{ index?: string; removed: number }> = [];
      const walk = (node: Record<string, unknown>) => {
        if (node['Relation Name'] === 'refresh_tokens' && String(node['Node Type']).includes('Scan')) {
          scans.push({ index: node['Index Name'] as string, removed: Number(node['Rows Removed by Filter'] ?? 0) });
        }
        for (const child of (node.Plans as Array<Record<string, unknown>>) ?? []) walk(child);
      };
      walk(plan[0]!['QUERY PLAN'][0]!.Plan as Record<string, unknown>);
      expect(scans.length).toBeGreaterThanOrEqual(3);
      for (const scan of scans) {
        expect(['refresh_tokens_pkey', 'refresh_tokens_token_hash_key']).toContain(scan.index);
        expect(scan.removed).toBe(0);
      }
    } finally {
      await runner.query('ROLLBACK');
      await runner.release();
    }
  });
});
