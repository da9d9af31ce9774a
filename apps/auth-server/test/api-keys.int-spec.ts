import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { eventually, TestPlatform } from '@cps/testing';

const run = promisify(execFile);

describe('auth-server: teams and API keys over NATS', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['auth-server'] });
  });
  afterAll(() => platform?.stop());

  it('creates a key that verifies, stores only its hash, and stops verifying once revoked', async () => {
    const { team_id } = await platform.admin.createTeam('Acme');
    const key = await platform.admin.createApiKey(team_id, 'backend');
    expect(key.api_key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);

    await expect(platform.admin.verifyApiKey(key.api_key)).resolves.toEqual({
      valid: true,
      keyId: key.key_id,
      teamId: team_id,
      keyName: 'backend',
    });

    const db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    const { rows } = await db.query('SELECT prefix, secret_hash FROM auth.api_keys WHERE id = $1', [key.key_id]);
    await db.end();
    expect(rows[0].prefix).toBe(key.api_key.slice(0, 12));
    expect(rows[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key.api_key);

    await platform.admin.revokeApiKey(team_id, key.key_id);
    await expect(platform.admin.verifyApiKey(key.api_key)).resolves.toEqual({ valid: false });
    await expect(platform.admin.verifyApiKey('cpk_unknown')).resolves.toEqual({ valid: false });
  });

  it('publishes auth.api-key.revoked.v1 through the outbox', async () => {
    const { team_id } = await platform.admin.createTeam('Outbox');
    const key = await platform.admin.createApiKey(team_id, 'k');
    await platform.admin.revokeApiKey(team_id, key.key_id);

    const nc = await connect({ servers: platform.nats.url });
    try {
      const jsm = await jetstreamManager(nc);
      const envelope = await eventually(async () => {
        const message = await jsm.streams.getMessage('CPS_EVENTS', { last_by_subj: 'auth.api-key.revoked.v1' });
        const body = message!.json<{ id: string; teamId: string; data: { keyId: string } }>();
        if (body.data.keyId !== key.key_id) throw new Error('not published yet');
        expect(message!.header.get('Nats-Msg-Id')).toBe(body.id);
        return body;
      });
      expect(envelope).toMatchObject({ teamId: team_id, data: { keyId: key.key_id, teamId: team_id } });
    } finally {
      await nc.close();
    }
  });

  it('revokes a key only for its own team: with another team it is not found and keeps working', async () => {
    const owner = await platform.admin.createTeam('Owner');
    const other = await platform.admin.createTeam('Other');
    const key = await platform.admin.createApiKey(owner.team_id, 'k');
    await expect(platform.admin.revokeApiKey(other.team_id, key.key_id)).rejects.toMatchObject({ status: 404 });
    await expect(platform.admin.verifyApiKey(key.api_key)).resolves.toMatchObject({ valid: true });

    const db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    const { rows } = await db.query(
      `SELECT k.revoked_at, (SELECT count(*)::int FROM auth.outbox o
          WHERE o.subject = 'auth.api-key.revoked.v1' AND o.envelope->'data'->>'keyId' = k.id) AS events
         FROM auth.api_keys k WHERE k.id = $1`,
      [key.key_id],
    );
    await db.end();
    expect(rows).toEqual([{ revoked_at: null, events: 0 }]);

    await expect(platform.admin.revokeApiKey(owner.team_id, key.key_id)).resolves.toMatchObject({
      key_id: key.key_id,
    });
    await expect(platform.admin.verifyApiKey(key.api_key)).resolves.toEqual({ valid: false });
  });

  it('refuses unknown teams and duplicate users with a clear status', async () => {
    await expect(platform.admin.createApiKey('nope', 'k')).rejects.toMatchObject({ status: 404 });
    const { team_id } = await platform.admin.createTeam('Users');
    await platform.admin.createUser('dup@example.com', 'long-password', [team_id]);
    await expect(platform.admin.createUser('DUP@example.com', 'long-password', [team_id])).rejects.toMatchObject({
      status: 409,
    });
  });

  it('stops at start with a one-line reason when configuration is bad', async () => {
    const entry = resolve(import.meta.dirname, '../../../dist/apps/auth-server/src/main.js');
    const failure = await run(process.execPath, [entry], {
      env: { ...process.env, DATABASE_URL: 'nonsense', PORT: '0' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 78 });
    const stderr = (failure as { stderr: string }).stderr.trim();
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain('DATABASE_URL must be a postgres:// URL');
  });
});
