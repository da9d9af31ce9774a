import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { Clock } from '@cps/domain';
import { DEVELOPMENT_SIGNING_KEYS, parseSigningKeys, publicJwks, type SigningKey } from '../keys/signing-keys.js';
import { AccessTokens } from './access-tokens.js';

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now(): Date {
    return this.at;
  }
}

const rsaKeys = (): SigningKey[] => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return parseSigningKeys(JSON.stringify({ keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'rsa-1' }] }));
};

const CLAIMS = { sub: 'user_1', client_id: 'app_1', scope: 'a b c', service_client_id: 'team_1' };
const AT = new Date('2026-11-29T12:00:00Z');

describe('AccessTokens', () => {
  it.each([
    ['ES256', DEVELOPMENT_SIGNING_KEYS],
    ['RS256', rsaKeys()],
  ])('signs an RFC 9068 %s JWT that jose verifies against the published keys', async (alg, keys) => {
    const tokens = new AccessTokens(keys, 'https://auth.example', 'https://api.example', new FixedClock(AT));
    const { token, expiresIn } = await tokens.issue(CLAIMS);
    expect(expiresIn).toBe(900);
    expect(decodeProtectedHeader(token)).toEqual({ alg, kid: keys[0]!.kid, typ: 'at+jwt' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(publicJwks(keys) as never), {
      issuer: 'https://auth.example',
      audience: 'https://api.example',
      typ: 'at+jwt',
      algorithms: [alg],
      currentDate: AT,
    });
    const iat = AT.getTime() / 1000;
    expect(payload).toEqual({
      ...CLAIMS,
      iss: 'https://auth.example',
      aud: 'https://api.example',
      iat,
      exp: iat + 900,
      jti: expect.any(String),
    });
    await expect(tokens.verify(token)).resolves.toEqual(CLAIMS);
  });

  it('names several audiences, gives every token its own jti, and refuses a token once 900 s have passed', async () => {
    const clock = new FixedClock(AT);
    const tokens = new AccessTokens(DEVELOPMENT_SIGNING_KEYS, 'https://auth.example', 'https://api.example', clock);
    const first = await tokens.issue(CLAIMS, ['https://mcp.example', 'https://api.example']);
    const second = await tokens.issue(CLAIMS);
    const [a, b] = [first.token, second.token].map((t) =>
      JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()),
    );
    expect(a.aud).toEqual(['https://mcp.example', 'https://api.example']);
    expect(a.jti).not.toBe(b.jti);
    clock.at = new Date(AT.getTime() + 899_000);
    await expect(tokens.verify(second.token)).resolves.toEqual(CLAIMS);
    clock.at = new Date(AT.getTime() + 900_000);
    await expect(tokens.verify(second.token)).resolves.toBeNull();
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const tokens = new AccessTokens(
      DEVELOPMENT_SIGNING_KEYS,
      'https://auth.example',
      'https://api.example',
      new FixedClock(AT),
    );
    const [header, , signature] = (await tokens.issue(CLAIMS)).token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...CLAIMS, sub: 'someone_else' })).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).resolves.toBeNull();
  });
});
