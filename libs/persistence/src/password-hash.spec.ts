import { hashPassword, UNKNOWN_ACCOUNT_HASH, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('verifies the right password only and never stores it', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('Correct horse', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it.each([['not-a-hash'], ['bcrypt$1$2$3$4$5'], [UNKNOWN_ACCOUNT_HASH]])('refuses against %s', async (stored) => {
    await expect(verifyPassword('anything', stored)).resolves.toBe(false);
  });
});
