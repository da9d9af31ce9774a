import { DEVELOPMENT_ENCRYPTION_KEY, parseConfig } from '@cps/config';
import { generateKeyPairSync } from 'node:crypto';
import { AuthServerEnv } from './config.js';
import { DEVELOPMENT_COOKIE_KEYS, DEVELOPMENT_SIGNING_KEYS } from './oauth/keys/signing-keys.js';

const development = { NODE_ENV: 'development' };

function jwks(...jwks: object[]): string {
  return JSON.stringify({ keys: jwks });
}
const ownKey = {
  ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
  kid: 'k1',
};
const production = {
  NODE_ENV: 'production',
  AUTH_ISSUER: 'https://auth.example.com',
  AUTH_SIGNING_KEYS: jwks(ownKey),
  AUTH_COOKIE_KEYS: 'a-production-cookie-key-of-at-least-32-characters',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('auth-server configuration', () => {
  it('defaults the issuer to localhost on its port and uses development keys outside production', () => {
    const config = parseConfig(AuthServerEnv, { ...development, PORT: '4001' });
    expect(config.AUTH_ISSUER).toBe('http://localhost:4001');
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(config.AUTH_SIGNING_KEYS[0]!.kid).toBe('dev-2026-11');
    expect(config.AUTH_TEST_CLOCK).toBe(false);
  });

  it('strips a trailing slash from the issuer and base URL', () => {
    const config = parseConfig(AuthServerEnv, {
      ...development,
      AUTH_ISSUER: 'https://auth.example.com/',
      PUBLIC_BASE_URL: 'https://api.example.com/',
    });
    expect(config.AUTH_ISSUER).toBe('https://auth.example.com');
    expect(config.PUBLIC_BASE_URL).toBe('https://api.example.com');
  });

  it('requires keys, cookie keys and the issuer in production, and refuses the test clock there', () => {
    for (const nodeEnv of [{ NODE_ENV: 'production' }, {}]) {
      expect(() => parseConfig(AuthServerEnv, { ...nodeEnv, AUTH_TEST_CLOCK: 'true' })).toThrow(
        /AUTH_SIGNING_KEYS is required in production.*AUTH_COOKIE_KEYS.*ENCRYPTION_KEY.*AUTH_ISSUER.*AUTH_TEST_CLOCK is not allowed/,
      );
    }
  });

  it('accepts production keys of its own', () => {
    const config = parseConfig(AuthServerEnv, production);
    expect(config.AUTH_SIGNING_KEYS.map((key) => key.kid)).toEqual(['k1']);
    expect(config.AUTH_ISSUER).toBe('https://auth.example.com');
  });

  it.each([
    ['AUTH_SIGNING_KEYS', jwks(ownKey, DEVELOPMENT_SIGNING_KEYS[0]!.jwk)],
    ['AUTH_COOKIE_KEYS', `${production.AUTH_COOKIE_KEYS},${DEVELOPMENT_COOKIE_KEYS[0]}`],
    ['ENCRYPTION_KEY', DEVELOPMENT_ENCRYPTION_KEY],
  ])('refuses a development %s in production', (variable, value) => {
    expect(() => parseConfig(AuthServerEnv, { ...production, [variable]: value })).toThrow(
      `invalid configuration: ${variable} is the public development value, refused in production`,
    );
  });

  it('refuses short cookie keys and malformed signing keys', () => {
    expect(() => parseConfig(AuthServerEnv, { ...development, AUTH_COOKIE_KEYS: 'short' })).toThrow('AUTH_COOKIE_KEYS');
    expect(() => parseConfig(AuthServerEnv, { ...development, AUTH_SIGNING_KEYS: '{"keys":[]}' })).toThrow(
      'AUTH_SIGNING_KEYS',
    );
  });

  it('reports malformed keys in production without testing them further', () => {
    expect(() =>
      parseConfig(AuthServerEnv, { ...production, AUTH_SIGNING_KEYS: 'nonsense', AUTH_COOKIE_KEYS: 'short' }),
    ).toThrow(
      'invalid configuration: AUTH_SIGNING_KEYS must be a JWKS of private signing keys: not JSON; ' +
        'AUTH_COOKIE_KEYS must be comma-separated secrets of at least 32 characters each',
    );
  });

  it('does not quote a signing key it cannot parse', () => {
    expect(() => parseConfig(AuthServerEnv, { ...development, AUTH_SIGNING_KEYS: 'secret-material' })).toThrow(
      /^invalid configuration: AUTH_SIGNING_KEYS must be a JWKS of private signing keys: not JSON$/,
    );
  });
});
