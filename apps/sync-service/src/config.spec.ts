import { DEVELOPMENT_ENCRYPTION_KEY, parseConfig } from '@cps/config';
import { SyncServiceEnv } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('sync-service config', () => {
  it('has development defaults', () => {
    expect(parseConfig(SyncServiceEnv, { NODE_ENV: 'development' })).toMatchObject({
      PORT: 3010,
      ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY,
    });
  });

  it('requires an encryption key of its own in production', () => {
    expect(() => parseConfig(SyncServiceEnv, { NODE_ENV: 'production' })).toThrow('ENCRYPTION_KEY is required');
    expect(() => parseConfig(SyncServiceEnv, {})).toThrow('ENCRYPTION_KEY is required');
    expect(() => parseConfig(SyncServiceEnv, { ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY })).toThrow(
      'ENCRYPTION_KEY is the public development value',
    );
    expect(parseConfig(SyncServiceEnv, { NODE_ENV: 'production', ENCRYPTION_KEY: KEY }).ENCRYPTION_KEY).toBe(KEY);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => parseConfig(SyncServiceEnv, { NODE_ENV: 'test', ENCRYPTION_KEY: 'short' })).toThrow(
      'invalid configuration: ENCRYPTION_KEY must be 32 bytes',
    );
  });
});
