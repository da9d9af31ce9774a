import { parseConfig } from '@cps/config';
import { DEVELOPMENT_LINK_SESSION_SECRET, LinkEnv } from './link.config.js';

describe('link flow config', () => {
  it('has development defaults', () => {
    expect(parseConfig(LinkEnv, { NODE_ENV: 'development' })).toEqual({
      LINK_SESSION_SECRET: DEVELOPMENT_LINK_SESSION_SECRET,
      LINK_SESSION_COOKIE_SECONDS: 1_800,
      LINK_RETAILER_STEP_TIMEOUT_MS: 30_000,
    });
  });

  it.each([
    [{}, 'LINK_SESSION_SECRET is required in production'],
    [{ NODE_ENV: 'production' }, 'LINK_SESSION_SECRET is required in production'],
    [{ LINK_SESSION_SECRET: DEVELOPMENT_LINK_SESSION_SECRET }, 'LINK_SESSION_SECRET is the public development value'],
    [{ NODE_ENV: 'test', LINK_SESSION_SECRET: 'too short' }, 'LINK_SESSION_SECRET must be longer than or equal to 32'],
    [{ NODE_ENV: 'test', LINK_SESSION_COOKIE_SECONDS: '59' }, 'LINK_SESSION_COOKIE_SECONDS must not be less than 60'],
  ])('refuses %j', (env, reason) => {
    expect(() => parseConfig(LinkEnv, env)).toThrow(`invalid configuration: ${reason}`);
  });

  it('accepts a secret of its own in production', () => {
    const secret = 'a-production-link-session-secret-0123456789';
    expect(parseConfig(LinkEnv, { LINK_SESSION_SECRET: secret }).LINK_SESSION_SECRET).toBe(secret);
  });
});
