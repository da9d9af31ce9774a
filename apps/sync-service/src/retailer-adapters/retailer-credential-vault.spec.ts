import { randomBytes } from 'node:crypto';
import { SecretBox } from '@cps/persistence';
import { RetailerCredentialVault, VaultError } from './retailer-credential-vault.js';

describe('RetailerCredentialVault', () => {
  const vault = new RetailerCredentialVault(new SecretBox(randomBytes(32).toString('base64')));
  const credentials = { email: 'jane@example.com', password: 'hunter2-but-longer' };
  const session = { token: 'sbx_sess_secret', expiresAt: new Date('2026-02-01T00:00:00.000Z') };
  const challenge = { challengeId: 'sbx_otp_secret', sentTo: 'j***@example.com', expiresAt: null };

  it('round-trips credentials, sessions and challenges without storing them in the clear', () => {
    const sealedCredentials = vault.sealCredentials('conn1', credentials);
    const sealedSession = vault.sealSession('conn1', session);
    const sealedChallenge = vault.sealChallenge('conn1', challenge);
    for (const text of [sealedCredentials, sealedSession, sealedChallenge]) {
      expect(text).toMatch(/^v1\./);
      for (const secret of ['jane', 'hunter2', 'sbx_sess_secret', 'sbx_otp_secret', 'conn1']) {
        expect(text).not.toContain(secret);
      }
    }
    expect(vault.openCredentials('conn1', sealedCredentials)).toEqual(credentials);
    expect(vault.openSession('conn1', sealedSession)).toEqual(session);
    expect(vault.openSession('conn1', vault.sealSession('conn1', { token: 't', expiresAt: null }))).toEqual({
      token: 't',
      expiresAt: null,
    });
    expect(vault.openChallenge('conn1', sealedChallenge)).toEqual(challenge);
  });

  it.each<[string, () => unknown]>([
    ['another connection', () => vault.openCredentials('conn2', vault.sealCredentials('conn1', credentials))],
    ['another kind', () => vault.openCredentials('conn1', vault.sealSession('conn1', session))],
    [
      'another key',
      () =>
        new RetailerCredentialVault(new SecretBox(randomBytes(32).toString('base64'))).openSession(
          'conn1',
          vault.sealSession('conn1', session),
        ),
    ],
    ['garbage', () => vault.openSession('conn1', 'v1.not.sealed.text')],
  ])('refuses a value sealed for %s, naming no secret', (_name, open) => {
    let thrown: unknown;
    try {
      open();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(VaultError);
    expect((thrown as Error).message).not.toMatch(/hunter2|sbx_sess_secret|jane/);
  });
});
