import { parseConfig } from '@cps/config';
import { configSchema } from './config.js';

describe('auth-server configuration', () => {
  it('defaults the issuer to localhost on its port and uses development keys outside production', () => {
    const config = parseConfig(configSchema, { PORT: '4001' });
    expect(config.AUTH_ISSUER).toBe('http://localhost:4001');
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(config.AUTH_SIGNING_KEYS[0]!.kid).toBe('dev-2026-11');
    expect(config.AUTH_TEST_CLOCK).toBe(false);
  });

  it('strips a trailing slash from the issuer and base URL', () => {
    const config = parseConfig(configSchema, {
      AUTH_ISSUER: 'https://auth.example.com/',
      PUBLIC_BASE_URL: 'https://api.example.com/',
    });
    expect(config.AUTH_ISSUER).toBe('https://auth.example.com');
    expect(config.PUBLIC_BASE_URL).toBe('https://api.example.com');
  });

  it('requires keys, cookie keys and the issuer in production, and refuses the test clock there', () => {
    expect(() => parseConfig(configSchema, { NODE_ENV: 'production', AUTH_TEST_CLOCK: 'true' })).toThrow(
      /AUTH_SIGNING_KEYS is required in production.*AUTH_COOKIE_KEYS.*ENCRYPTION_KEY.*AUTH_ISSUER.*AUTH_TEST_CLOCK is not allowed/,
    );
  });

  it('refuses short cookie keys and malformed signing keys', () => {
    expect(() => parseConfig(configSchema, { AUTH_COOKIE_KEYS: 'short' })).toThrow('AUTH_COOKIE_KEYS');
    expect(() => parseConfig(configSchema, { AUTH_SIGNING_KEYS: '{"keys":[]}' })).toThrow('AUTH_SIGNING_KEYS');
  });
});
