import { parseConfig } from '@cps/config';
import { configSchema } from './config.js';

describe('api-gateway config', () => {
  it('has development defaults', () => {
    expect(parseConfig(configSchema, {})).toMatchObject({
      PORT: 3000,
      PUBLIC_BASE_URL: 'http://localhost:3000',
      API_KEY_CACHE_TTL_MS: 30_000,
      API_KEY_CACHE_SIZE: 10_000,
    });
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
  ])('rejects %j', (env) => {
    expect(() => parseConfig(configSchema, env)).toThrow(Object.keys(env)[0]);
  });
});
