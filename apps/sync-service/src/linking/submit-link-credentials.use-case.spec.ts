import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { type RetailerAdapters } from '../retailer-adapters/retailer-adapters.js';
import {
  type OneTimeCodeResult,
  type RetailerAdapter,
  type SignInResult,
} from '../retailer-adapters/retailer-adapter.js';
import { RetailerCredentialVault } from '../retailer-adapters/retailer-credential-vault.js';
import { RetailerUnavailable } from '../retailer-adapters/retailer-errors.js';
import { type LinkConnectionUseCase } from './link-connection.use-case.js';
import { type LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';
import { MAX_FAILED_SIGN_INS } from './link-session-rules.js';
import { type LinkSessionChanges, type LinkSessionEntity } from './link-session.entity.js';
import { SubmitLinkCodeUseCase } from './submit-link-code.use-case.js';
import { SubmitLinkCredentialsUseCase } from './submit-link-credentials.use-case.js';
import { fake } from '@cps/testing/unit';

const vault = new RetailerCredentialVault(new SecretBox(Buffer.alloc(32, 5).toString('base64')));
/** What the pages would show; the specs read only the state. */
const VIEW: LinkSessionView = {
  team_id: 'team_1',
  state: 'sign_in',
  entry: 'link_token',
  retailers: [],
  can_choose_retailer: true,
  retailer: null,
  prefill_email: null,
  code_sent_to: null,
  error: null,
  connection_id: null,
  redirect_url: null,
  expires_at: '2025-01-01T00:00:00.000Z',
  history_window_days: 365,
  current_history_window_days: null,
};
const CHALLENGE = { challengeId: 'ch_1', sentTo: 'j***@example.com', expiresAt: null };

function setup(current: Partial<LinkSessionEntity>, answer: SignInResult | OneTimeCodeResult | Error) {
  let session = {
    id: 'ls_1',
    state: 'sign_in',
    retailerId: 'walmart',
    failedSignIns: 0,
    sharingWindowDays: 365,
    ...current,
  } as LinkSessionEntity;
  const saved: LinkSessionChanges[] = [];
  const linked: unknown[][] = [];
  const flow = fake<LinkSessionFlow>({
    load: async () => session,
    save: async (s: LinkSessionEntity, changes: LinkSessionChanges) => {
      saved.push(changes);
      session = { ...s, ...changes };
      return session;
    },
    view: async (s: LinkSessionEntity) => ({ ...VIEW, state: s.state }),
  });
  // One scenario answers one call: the sign-in page's or the code page's.
  const respond = async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const adapters = fake<RetailerAdapters>({
    for: () =>
      fake<RetailerAdapter>({
        signIn: async () => (await respond()) as SignInResult,
        answerOneTimeCode: async () => (await respond()) as OneTimeCodeResult,
      }),
  });
  const link = fake<LinkConnectionUseCase>({
    execute: async (...args: unknown[]) => {
      linked.push(args);
      return { ...session, state: 'succeeded' };
    },
  });
  return {
    credentials: new SubmitLinkCredentialsUseCase(flow, adapters, vault, link),
    code: new SubmitLinkCodeUseCase(flow, adapters, vault, link),
    saved,
    linked,
    session: () => session,
  };
}

const CREDENTIALS = { email: 'jo@example.com', password: 'hunter2!' };

describe('SubmitLinkCredentialsUseCase', () => {
  it('links at once when the retailer signs in without a code', async () => {
    const { credentials, linked } = setup({}, { kind: 'signed_in', session: { token: 't', expiresAt: null } });
    expect(await credentials.execute('secret', CREDENTIALS)).toMatchObject({ state: 'succeeded' });
    expect(linked[0]?.slice(1)).toEqual([CREDENTIALS, { token: 't', expiresAt: null }]);
  });

  it('keeps the password and the challenge sealed for the code page', async () => {
    const { credentials, saved, session } = setup({}, { kind: 'needs_one_time_code', challenge: CHALLENGE });
    expect(await credentials.execute('secret', CREDENTIALS)).toMatchObject({ state: 'one_time_code' });
    expect(saved[0]).toMatchObject({ codeSentTo: 'j***@example.com', errorCode: null });
    expect(JSON.stringify(saved)).not.toContain('hunter2!');
    expect(vault.openCredentials('ls_1', session().credentialsSealed!)).toEqual(CREDENTIALS);
    expect(vault.openChallenge('ls_1', session().challengeSealed!)).toEqual(CHALLENGE);
  });

  it.each<[number, string, string, boolean]>([
    [0, 'sign_in', 'invalid_credentials', true],
    [MAX_FAILED_SIGN_INS - 2, 'sign_in', 'invalid_credentials', true],
    [MAX_FAILED_SIGN_INS - 1, 'error', 'too_many_attempts', false],
  ])('after %i failed sign-ins, a wrong password gives %s / %s', async (failed, state, code, retryable) => {
    const { credentials, saved } = setup({ failedSignIns: failed }, { kind: 'invalid_credentials' });
    await credentials.execute('secret', CREDENTIALS);
    expect(saved[0]).toMatchObject({
      state,
      errorCode: code,
      errorRetryable: retryable,
      failedSignIns: failed + 1,
      attemptsLeft: MAX_FAILED_SIGN_INS - failed - 1,
    });
  });

  it('turns a retailer outage into a retryable error', async () => {
    const { credentials, saved } = setup({}, new RetailerUnavailable('walmart', 'timeout'));
    await credentials.execute('secret', CREDENTIALS);
    expect(saved[0]).toMatchObject({ state: 'error', errorCode: 'retailer_unavailable', errorRetryable: true });
  });

  it('refuses the sign-in with 409 until the shopper answered the consent step, and asks the retailer nothing', async () => {
    const { credentials, saved, linked } = setup(
      { sharingWindowDays: null },
      { kind: 'signed_in', session: { token: 't', expiresAt: null } },
    );
    const error = await credentials.execute('secret', CREDENTIALS).catch((e: unknown) => e);
    expect((error as RpcRefusal).getError()).toMatchObject({ status: 409 });
    expect(saved).toEqual([]);
    expect(linked).toEqual([]);
  });

  it.each(['select_retailer', 'succeeded', 'cancelled', 'error'])('refuses a session at %s with 409', async (state) => {
    const { credentials } = setup({ state: state as LinkSessionEntity['state'] }, { kind: 'invalid_credentials' });
    const error = await credentials.execute('secret', CREDENTIALS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcRefusal);
    expect((error as RpcRefusal).getError()).toMatchObject({ status: 409 });
  });
});

describe('SubmitLinkCodeUseCase', () => {
  const atCode = () => ({
    state: 'one_time_code' as const,
    credentialsSealed: vault.sealCredentials('ls_1', CREDENTIALS),
    challengeSealed: vault.sealChallenge('ls_1', CHALLENGE),
  });

  it('links with the credentials kept since the sign-in page', async () => {
    const { code, linked } = setup(atCode(), { kind: 'signed_in', session: { token: 't', expiresAt: null } });
    expect(await code.execute('secret', ' 123456 ')).toMatchObject({ state: 'succeeded' });
    expect(linked[0]?.[1]).toEqual(CREDENTIALS);
  });

  it('stays on the code page after a wrong code, with the attempts left', async () => {
    const { code, saved, session } = setup(atCode(), { kind: 'invalid_code', attemptsLeft: 3 });
    await code.execute('secret', '000000');
    expect(saved[0]).toEqual({ errorCode: 'invalid_code', errorRetryable: true, attemptsLeft: 3 });
    expect(session().challengeSealed).not.toBeNull();
  });

  it('sends the shopper back to sign in when the challenge is over, dropping what it kept', async () => {
    const { code, saved } = setup(atCode(), { kind: 'challenge_expired' });
    await code.execute('secret', '000000');
    expect(saved[0]).toMatchObject({
      state: 'sign_in',
      errorCode: 'challenge_expired',
      credentialsSealed: null,
      challengeSealed: null,
    });
  });
});
