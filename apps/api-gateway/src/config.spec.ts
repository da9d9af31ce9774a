import { parseConfig } from '@cps/config';
import { generateKeyPairSync } from 'node:crypto';
import { configSchema, DEVELOPMENT_CONNECTION_TOKEN_KEY } from './config.js';

describe('api-gateway config', () => {
  it('has development defaults', () => {
    expect(parseConfig(configSchema, {})).toMatchObject({
      PORT: 3000,
      PUBLIC_BASE_URL: 'http://localhost:3000',
      API_KEY_CACHE_TTL_MS: 30_000,
      API_KEY_CACHE_SIZE: 10_000,
      AUTH_ISSUER: 'http://localhost:3001',
      AUTH_JWKS_URL: 'http://localhost:3001/jwks',
      CONNECTION_TOKEN_PRIVATE_KEY: DEVELOPMENT_CONNECTION_TOKEN_KEY,
      CONNECTION_TOKEN_TTL_SECONDS: 3600,
      RATE_LIMIT_PER_MINUTE: 600,
      RATE_LIMIT_BURST: 100,
    });
  });

  it('derives the JWKS URL from the issuer unless given', () => {
    expect(parseConfig(configSchema, { AUTH_ISSUER: 'https://auth.example.com/' }).AUTH_JWKS_URL).toBe(
      'https://auth.example.com/jwks',
    );
    expect(
      parseConfig(configSchema, {
        AUTH_ISSUER: 'https://auth.example.com',
        AUTH_JWKS_URL: 'https://keys.example.com/k',
      }).AUTH_JWKS_URL,
    ).toBe('https://keys.example.com/k');
  });

  it('requires a connection token key in production, and accepts a one-line PEM', () => {
    expect(() => parseConfig(configSchema, { NODE_ENV: 'production' })).toThrow('CONNECTION_TOKEN_PRIVATE_KEY');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    const oneLine = String(pem).trim().replace(/\n/g, '\\n');
    const parsed = parseConfig(configSchema, { NODE_ENV: 'production', CONNECTION_TOKEN_PRIVATE_KEY: oneLine });
    expect(parsed.CONNECTION_TOKEN_PRIVATE_KEY).toBe(`${String(pem).trim()}\n`);
  });

  it('drops trailing slashes from PUBLIC_BASE_URL', () => {
    expect(parseConfig(configSchema, { PUBLIC_BASE_URL: 'https://api.example.com/v1//' }).PUBLIC_BASE_URL).toBe(
      'https://api.example.com/v1',
    );
  });

  it.each([
    { PUBLIC_BASE_URL: 'ftp://example.com' },
    { PUBLIC_BASE_URL: 'not a url' },
    { API_KEY_CACHE_TTL_MS: '-1' },
    { API_KEY_CACHE_SIZE: '0' },
    { CONNECTION_TOKEN_PRIVATE_KEY: 'not a key' },
    {
      CONNECTION_TOKEN_PRIVATE_KEY: String(
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
      ),
    },
    { RATE_LIMIT_PER_MINUTE: '0' },
    { AUTH_JWKS_URL: 'ftp://x' },
  ])('rejects %j', (env) => {
    expect(() => parseConfig(configSchema, env)).toThrow(Object.keys(env)[0]);
  });
});
