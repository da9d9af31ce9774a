import { z } from 'zod';
import { ConfigError, parseConfig, serviceEnvSchema, withPort } from './index.js';

describe('parseConfig', () => {
  it('applies defaults when variables are unset', () => {
    const config = parseConfig(withPort(3000), {});
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/cps');
    expect(config.PORT).toBe(3000);
  });

  it.each([
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ NATS_URL: 'http://x' }, 'NATS_URL must be one or more comma-separated nats:// URLs'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('rejects %j naming the variable', (env, reason) => {
    expect(() => parseConfig(serviceEnvSchema, env)).toThrow(ConfigError);
    expect(() => parseConfig(serviceEnvSchema, env)).toThrow(reason);
  });

  it('reports every bad variable on one line', () => {
    const schema = serviceEnvSchema.extend({
      PORT: z.coerce.number().int().max(65535),
    });
    try {
      parseConfig(schema, { DATABASE_URL: 'x', PORT: '99999' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as Error).message).toMatch(/^invalid configuration: DATABASE_URL .*; PORT .*$/);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
