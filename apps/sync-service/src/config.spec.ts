import { DEVELOPMENT_ENCRYPTION_KEY, parseConfig } from '@cps/config';
import { configSchema } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('sync-service config', () => {
  it('has development defaults', () => {
    expect(parseConfig(configSchema, {})).toMatchObject({ PORT: 3010, ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY });
  });

  it('requires an encryption key in production', () => {
    expect(() => parseConfig(configSchema, { NODE_ENV: 'production' })).toThrow('ENCRYPTION_KEY is required');
    expect(parseConfig(configSchema, { NODE_ENV: 'production', ENCRYPTION_KEY: KEY }).ENCRYPTION_KEY).toBe(KEY);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => parseConfig(configSchema, { ENCRYPTION_KEY: 'short' })).toThrow('ENCRYPTION_KEY');
  });
});
