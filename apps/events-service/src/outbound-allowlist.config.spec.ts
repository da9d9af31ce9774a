import { parseConfig } from '@cps/config';
import { EventsServiceEnv } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('OUTBOUND_ALLOW_PRIVATE_HOSTS', () => {
  it.each<[Record<string, string>, readonly string[]]>([
    [{ NODE_ENV: 'development' }, ['127.0.0.0/8', '::1', 'localhost']],
    [{ NODE_ENV: 'test' }, ['127.0.0.0/8', '::1', 'localhost']],
    [{ NODE_ENV: 'production', ENCRYPTION_KEY: KEY }, []],
    [{ ENCRYPTION_KEY: KEY }, []],
    [
      { NODE_ENV: 'production', ENCRYPTION_KEY: KEY, OUTBOUND_ALLOW_PRIVATE_HOSTS: '10.20.0.0/16,hooks.internal' },
      ['10.20.0.0/16', 'hooks.internal'],
    ],
    [{ NODE_ENV: 'development', OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }, ['127.0.0.1']],
    // set but empty: nothing private, also in development
    [{ NODE_ENV: 'development', OUTBOUND_ALLOW_PRIVATE_HOSTS: '' }, []],
  ])('from %j is %j', (env, expected) => {
    expect(parseConfig(EventsServiceEnv, env).OUTBOUND_ALLOW_PRIVATE_HOSTS).toEqual(expected);
  });

  it('stops the service on an entry that is not an address, CIDR or name', () => {
    expect(() =>
      parseConfig(EventsServiceEnv, { NODE_ENV: 'development', OUTBOUND_ALLOW_PRIVATE_HOSTS: '10.0.0.0/40' }),
    ).toThrow('invalid configuration: OUTBOUND_ALLOW_PRIVATE_HOSTS allowlist entry "10.0.0.0/40"');
  });
});
