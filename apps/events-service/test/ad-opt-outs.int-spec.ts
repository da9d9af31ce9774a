import { createHash } from 'node:crypto';
import { EventsContracts } from '@cps/contracts';
import { schemaDataSourceOptions } from '@cps/persistence';
import { TestPlatform } from '@cps/testing';
import { DataSource } from 'typeorm';
import { AdOptOutEntity } from '../src/ad-opt-outs/ad-opt-out.entity.js';
import { AdOptOutRepository } from '../src/ad-opt-outs/ad-opt-out.repository.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('events-service: events.record-ad-opt-out.v1', () => {
  let platform: TestPlatform;
  let dataSource: DataSource;
  let repository: AdOptOutRepository;
  let teamA: string;
  let teamB: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service'],
    });
    dataSource = new DataSource(
      schemaDataSourceOptions({
        url: platform.databaseUrl,
        schema: 'events',
        entities: [AdOptOutEntity],
        migrations: [],
      }),
    );
    await dataSource.initialize();
    repository = new AdOptOutRepository(dataSource.getRepository(AdOptOutEntity));
    teamA = (await platform.admin.createTeam('Opt-outs A')).team_id;
    teamB = (await platform.admin.createTeam('Opt-outs B')).team_id;
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await platform?.stop();
  });

  const record = (teamId: string, email: string) =>
    platform.admin.request(EventsContracts.recordAdOptOut, { teamId, email });

  it('stores only the hash of the normalised email, once, for that team', async () => {
    expect(await record(teamA, '  Shopper@Example.COM ')).toEqual({ recorded: true });
    expect(await record(teamA, 'shopper@example.com')).toEqual({ recorded: true });

    const rows: Array<{ team_id: string; email_hash: string; created_at: Date }> = await dataSource.query(
      'SELECT team_id, email_hash, created_at FROM events.ad_opt_outs WHERE team_id = $1',
      [teamA],
    );
    expect(rows).toEqual([{ team_id: teamA, email_hash: sha256('shopper@example.com'), created_at: expect.any(Date) }]);
    const everything = JSON.stringify(await dataSource.query('SELECT * FROM events.ad_opt_outs'));
    expect(everything.toLowerCase()).not.toContain('shopper');
  });

  it('answers isOptedOut per team, ignoring case and surrounding whitespace', async () => {
    await record(teamA, 'opted@example.com');
    expect(await repository.isOptedOut(teamA, 'opted@example.com')).toBe(true);
    expect(await repository.isOptedOut(teamA, ' OPTED@example.com\n')).toBe(true);
    expect(await repository.isOptedOut(teamB, 'opted@example.com')).toBe(false);
    expect(await repository.isOptedOut(teamA, 'someone-else@example.com')).toBe(false);
    expect(await repository.isOptedOut(teamA, '   ')).toBe(false);
  });

  it('keeps the first recording time when recorded again', async () => {
    await record(teamB, 'again@example.com');
    const [first] = await dataSource.query('SELECT created_at FROM events.ad_opt_outs WHERE team_id = $1', [teamB]);
    await record(teamB, 'AGAIN@example.com');
    const rows = await dataSource.query('SELECT created_at FROM events.ad_opt_outs WHERE team_id = $1', [teamB]);
    expect(rows).toEqual([first]);
  });

  it('refuses an email that is blank once trimmed with 422', async () => {
    await expect(record(teamA, '   ')).rejects.toMatchObject({ status: 422 });
  });
});
