import { DEVELOPMENT_ENCRYPTION_KEY, parseConfig } from '@cps/config';
import { EventsServiceEnv } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const development = { NODE_ENV: 'development' };

describe('events-service config', () => {
  it('has development defaults', () => {
    const config = parseConfig(EventsServiceEnv, development);
    expect(config).toMatchObject({
      PORT: 3012,
      ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY,
      WEBHOOK_RETRY_SCHEDULE: [0, 5, 300, 1800, 7200, 18000, 36000, 36000],
      WEBHOOK_TIMEOUT_MS: 15_000,
      DELIVERY_POLL_MS: 500,
      DELIVERY_CONCURRENCY: 16,
      WEBHOOK_ALLOW_HTTP: true,
    });
  });

  it('requires an encryption key in production and then refuses http by default', () => {
    expect(() => parseConfig(EventsServiceEnv, { NODE_ENV: 'production' })).toThrow('ENCRYPTION_KEY is required');
    expect(() => parseConfig(EventsServiceEnv, {})).toThrow('ENCRYPTION_KEY is required');
    expect(() => parseConfig(EventsServiceEnv, { ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY })).toThrow(
      'ENCRYPTION_KEY is the public development value',
    );
    const config = parseConfig(EventsServiceEnv, { NODE_ENV: 'production', ENCRYPTION_KEY: KEY });
    expect(config.ENCRYPTION_KEY).toBe(KEY);
    expect(config.WEBHOOK_ALLOW_HTTP).toBe(false);
  });

  it.each([
    [{ ...development, WEBHOOK_ALLOW_HTTP: 'false' }, false],
    [{ ...development, WEBHOOK_ALLOW_HTTP: '0' }, false],
    [{ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, WEBHOOK_ALLOW_HTTP: 'true' }, true],
  ])('WEBHOOK_ALLOW_HTTP from %j is %s', (env, expected) => {
    expect(parseConfig(EventsServiceEnv, env).WEBHOOK_ALLOW_HTTP).toBe(expected);
  });

  it('parses a custom retry schedule', () => {
    expect(
      parseConfig(EventsServiceEnv, { ...development, WEBHOOK_RETRY_SCHEDULE: '0,1,1,2' }).WEBHOOK_RETRY_SCHEDULE,
    ).toEqual([0, 1, 1, 2]);
  });

  it.each([
    [{ WEBHOOK_RETRY_SCHEDULE: '0,soon' }, 'WEBHOOK_RETRY_SCHEDULE'],
    [{ WEBHOOK_RETRY_SCHEDULE: Array(21).fill('1').join(',') }, 'WEBHOOK_RETRY_SCHEDULE'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ WEBHOOK_ALLOW_HTTP: 'yes' }, 'WEBHOOK_ALLOW_HTTP'],
    [{ DELIVERY_CONCURRENCY: '0' }, 'DELIVERY_CONCURRENCY'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => parseConfig(EventsServiceEnv, { ...development, ...env })).toThrow(`invalid configuration: ${name} `);
  });
});
