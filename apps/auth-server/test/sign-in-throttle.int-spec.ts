import { HttpException } from '@nestjs/common';
import pg from 'pg';
import { AuthContracts } from '@cps/contracts';
import { TestPlatform } from '@cps/testing';

/**
 * Issue 32, item 1: 25 wrong passwords in a row for one dashboard user were 25 × 401. The password check the
 * dashboard and the OAuth/connector sign-in page share is throttled per account and per address, in Postgres.
 */
describe('sign-in throttling (auth.sign-in-user.v1, the check the OAuth sign-in page shares)', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let teamId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['auth-server'] });
    ({ team_id: teamId } = await platform.admin.createTeam('Throttle Brand'));
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  const user = async (email: string) => {
    await platform.admin.createUser(email, 'right-password-123', [teamId]);
    return email;
  };
  const signIn = (email: string, password: string, address: string) =>
    platform.admin.request(AuthContracts.signInUser, { email, password, address }).then(
      () => ({ status: 200, detail: null as unknown }),
      (error: unknown) => {
        if (!(error instanceof HttpException)) throw error;
        return { status: error.getStatus(), detail: (error.getResponse() as { detail?: unknown }).detail };
      },
    );

  it('locks an account after 6 wrong passwords, refuses even the right one while locked, and audits it', async () => {
    const email = await user('guessed@example.com');
    const statuses: number[] = [];
    for (let guess = 0; guess < 25; guess += 1)
      statuses.push((await signIn(email, `wrong-${guess}`, '10.0.0.1')).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(19).fill(429));
    expect(await signIn(email, 'right-password-123', '10.0.0.2')).toEqual({
      status: 429,
      detail: 'Too many failed sign-ins. Try again in 1 minute.',
    });
    const audit = await db.query(`SELECT actor, action, details FROM auth.team_audit WHERE team_id = $1`, [teamId]);
    expect(audit.rows).toEqual([
      {
        actor: expect.stringMatching(/^user:/),
        action: 'sign_in.locked',
        details: { failures: 6, locked_seconds: 60, address: '10.0.0.1' },
      },
    ]);
  });

  it('lets no more than 6 of 30 concurrent guesses reach the password check', async () => {
    const email = await user('burst@example.com');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, guess) => signIn(email, `wrong-${guess}`, `10.1.0.${guess}`)),
    );
    expect(results.filter((result) => result.status === 401)).toHaveLength(6);
    expect(results.filter((result) => result.status === 429)).toHaveLength(24);
  });

  it('clears an account after the right password, without clearing its address', async () => {
    const email = await user('forgetful@example.com');
    for (let guess = 0; guess < 5; guess += 1) await signIn(email, 'wrong', '10.2.0.1');
    expect((await signIn(email, 'right-password-123', '10.2.0.1')).status).toBe(200);
    for (let guess = 0; guess < 5; guess += 1) expect((await signIn(email, 'wrong', '10.2.0.1')).status).toBe(401);
    const address = await db.query(`SELECT failures FROM auth.sign_in_failures WHERE subject = 'address:10.2.0.1'`);
    expect(address.rows).toEqual([{ failures: 10 }]);
  });

  it('locks an address that guesses across many accounts after 21 failures', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 24; guess += 1) {
      statuses.push((await signIn(`nobody-${guess}@example.com`, 'wrong', '10.3.0.1')).status);
    }
    expect(statuses.slice(0, 21)).toEqual(Array(21).fill(401));
    expect(statuses.slice(21)).toEqual([429, 429, 429]);
    // Another address is not affected.
    expect((await signIn('nobody-0@example.com', 'wrong', '10.3.0.2')).status).toBe(401);
  });
});
