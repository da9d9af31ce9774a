import { parseConfig } from '@cps/config';
import { DEVELOPMENT_SANDBOX_ADMIN_TOKEN as DEVELOPMENT_ADMIN_TOKEN } from '@cps/domain';
import { SandboxRetailerEnv } from './config.js';

const development = { NODE_ENV: 'development' };

describe('sandbox-retailer config', () => {
  it('has development defaults', () => {
    expect(parseConfig(SandboxRetailerEnv, development)).toMatchObject({
      PORT: 3020,
      SANDBOX_ADMIN_TOKEN: DEVELOPMENT_ADMIN_TOKEN,
      SANDBOX_RETAILERS: expect.arrayContaining(['walmart', 'target']) as unknown,
      SANDBOX_SESSION_TTL_SECONDS: 30 * 86_400,
    });
  });

  it('parses a retailer list', () => {
    expect(
      parseConfig(SandboxRetailerEnv, { ...development, SANDBOX_RETAILERS: ' walmart, ,target ' }).SANDBOX_RETAILERS,
    ).toEqual(['walmart', 'target']);
  });

  it.each([
    [{}, 'SANDBOX_ADMIN_TOKEN is required in production'],
    [{ SANDBOX_ADMIN_TOKEN: DEVELOPMENT_ADMIN_TOKEN }, 'SANDBOX_ADMIN_TOKEN is the public development value'],
    [{ ...development, SANDBOX_ADMIN_TOKEN: 'short' }, 'SANDBOX_ADMIN_TOKEN must be longer than or equal to 16'],
    [{ ...development, SANDBOX_RETAILERS: 'Walmart' }, 'SANDBOX_RETAILERS must be comma-separated lowercase'],
    [{ ...development, SANDBOX_RETAILERS: ',' }, 'SANDBOX_RETAILERS must be comma-separated lowercase'],
    [{ ...development, SANDBOX_SESSION_TTL_SECONDS: '0' }, 'SANDBOX_SESSION_TTL_SECONDS must not be less than 1'],
  ])('refuses %j', (env, reason) => {
    expect(() => parseConfig(SandboxRetailerEnv, env)).toThrow(`invalid configuration: ${reason}`);
  });

  it('accepts an admin token of its own in production', () => {
    const token = 'a-production-sandbox-admin-token';
    expect(parseConfig(SandboxRetailerEnv, { SANDBOX_ADMIN_TOKEN: token }).SANDBOX_ADMIN_TOKEN).toBe(token);
  });
});
