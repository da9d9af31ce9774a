import { parseConfig } from '@cps/config';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { DEVELOPMENT_CONNECTION_TOKEN_KEY, GatewayEnv } from './config.js';

const development = { NODE_ENV: 'development' };
/** Production needs an encryption key too (sealed idempotent replays); these tests are about the token keys. */
const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

describe('api-gateway config', () => {
  it('has development defaults', () => {
    expect(parseConfig(GatewayEnv, development)).toMatchObject({
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
    expect(parseConfig(GatewayEnv, { ...development, AUTH_ISSUER: 'https://auth.example.com/' }).AUTH_JWKS_URL).toBe(
      'https://auth.example.com/jwks',
    );
    expect(
      parseConfig(GatewayEnv, {
        ...development,
        AUTH_ISSUER: 'https://auth.example.com',
        AUTH_JWKS_URL: 'https://keys.example.com/k',
      }).AUTH_JWKS_URL,
    ).toBe('https://keys.example.com/k');
  });

  it("keeps the teams' budgets in Postgres unless told to keep them in memory", () => {
    expect(parseConfig(GatewayEnv, development).RATE_LIMIT_STORE).toBe('postgres');
    expect(parseConfig(GatewayEnv, { ...development, RATE_LIMIT_STORE: 'memory' }).RATE_LIMIT_STORE).toBe('memory');
  });

  it('derives the burst from the rate unless given', () => {
    expect(parseConfig(GatewayEnv, { ...development, RATE_LIMIT_PER_MINUTE: '5' }).RATE_LIMIT_BURST).toBe(1);
    expect(parseConfig(GatewayEnv, { ...development, RATE_LIMIT_BURST: '7' }).RATE_LIMIT_BURST).toBe(7);
  });

  it('requires a connection token key in production (NODE_ENV unset too), and accepts a one-line PEM', () => {
    for (const env of [{ NODE_ENV: 'production' }, {}]) {
      expect(() => parseConfig(GatewayEnv, env)).toThrow(
        'invalid configuration: CONNECTION_TOKEN_PRIVATE_KEY is required in production',
      );
    }
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    const oneLine = String(pem).trim().replace(/\n/g, '\\n');
    const parsed = parseConfig(GatewayEnv, { NODE_ENV: 'production', ENCRYPTION_KEY, CONNECTION_TOKEN_PRIVATE_KEY: oneLine });
    expect(parsed.CONNECTION_TOKEN_PRIVATE_KEY).toBe(`${String(pem).trim()}\n`);
  });

  it.each([
    ['as given', DEVELOPMENT_CONNECTION_TOKEN_KEY],
    ['on one line', DEVELOPMENT_CONNECTION_TOKEN_KEY.trim().replace(/\n/g, '\\n')],
    [
      'in SEC1 form',
      String(createPrivateKey(DEVELOPMENT_CONNECTION_TOKEN_KEY).export({ type: 'sec1', format: 'pem' })),
    ],
  ])('refuses the development connection token key %s in production', (_form, key) => {
    expect(() => parseConfig(GatewayEnv, { CONNECTION_TOKEN_PRIVATE_KEY: key })).toThrow(
      'invalid configuration: CONNECTION_TOKEN_PRIVATE_KEY is the public development value, refused in production',
    );
  });

  it('accepts several connection token keys, newest first, and refuses the development key among them', () => {
    const pem = () =>
      String(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const [newest, older] = [pem(), pem()];
    const parsed = parseConfig(GatewayEnv, { NODE_ENV: 'production', ENCRYPTION_KEY, CONNECTION_TOKEN_PRIVATE_KEY: newest + older });
    expect(parsed.CONNECTION_TOKEN_PRIVATE_KEY).toBe(`${newest.trim()}\n${older.trim()}\n`);
    expect(() =>
      parseConfig(GatewayEnv, { CONNECTION_TOKEN_PRIVATE_KEY: newest + DEVELOPMENT_CONNECTION_TOKEN_KEY }),
    ).toThrow('CONNECTION_TOKEN_PRIVATE_KEY is the public development value, refused in production');
  });

  it('drops trailing slashes from PUBLIC_BASE_URL', () => {
    expect(
      parseConfig(GatewayEnv, { ...development, PUBLIC_BASE_URL: 'https://api.example.com/v1//' }).PUBLIC_BASE_URL,
    ).toBe('https://api.example.com/v1');
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
    { RATE_LIMIT_BURST: '0' },
    { RATE_LIMIT_STORE: 'redis' },
    { AUTH_JWKS_URL: 'ftp://x' },
  ])('rejects %j', (env) => {
    expect(() => parseConfig(GatewayEnv, { ...development, ...env })).toThrow(
      `invalid configuration: ${Object.keys(env)[0]} `,
    );
  });
});
