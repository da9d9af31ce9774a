import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MinLength } from 'class-validator';
import {
  ConfigError,
  DEVELOPMENT_ENCRYPTION_KEY,
  DevelopmentSecret,
  EncryptionKey,
  EnvFlag,
  EnvHttpUrl,
  EnvNumber,
  EnvPort,
  type Config,
  type ConfigIssue,
  parseConfig,
  ServiceEnv,
} from './index.js';

const DEVELOPMENT_TOKEN = 'development-token-anyone-can-read';
const KEY = Buffer.alloc(32, 7).toString('base64');

class ExampleEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3000;

  @EnvFlag()
  FEATURE_ENABLED = false;

  @EnvNumber({ min: 0, max: 0.9 })
  JITTER = 0.2;

  @EnvHttpUrl()
  UPSTREAM_URL = 'http://localhost:4000';

  @DevelopmentSecret()
  @MinLength(16)
  ADMIN_TOKEN = DEVELOPMENT_TOKEN;

  @EncryptionKey()
  ENCRYPTION_KEY = DEVELOPMENT_ENCRYPTION_KEY;

  /** Derived from PORT unless set. */
  @EnvHttpUrl()
  PUBLIC_URL?: string;

  validate(production: boolean): ConfigIssue[] {
    return production && this.FEATURE_ENABLED
      ? [{ variable: 'FEATURE_ENABLED', reason: 'is not allowed in production' }]
      : [];
  }

  derive(): void {
    this.PUBLIC_URL ??= `http://localhost:${this.PORT}`;
  }
}

const development = { NODE_ENV: 'development' };
const productionSecrets = { ADMIN_TOKEN: 'a-production-admin-token', ENCRYPTION_KEY: KEY };

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies defaults when variables are unset (outside production)', () => {
    const config = parseConfig(ExampleEnv, development);
    expect(config).toEqual({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/cps',
      DATABASE_POOL_SIZE: 10,
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_REQUEST_TIMEOUT_MS: 5_000,
      EVENTS_STREAM: 'CPS_EVENTS',
      EVENT_REDELIVERY_BACKOFF_MS: [1_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000],
      EVENT_ACK_WAIT_MS: 5_000,
      RETENTION_DAYS: 30,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: 10_000,
      PORT: 3000,
      FEATURE_ENABLED: false,
      JITTER: 0.2,
      UPSTREAM_URL: 'http://localhost:4000',
      ADMIN_TOKEN: DEVELOPMENT_TOKEN,
      ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY,
      PUBLIC_URL: 'http://localhost:3000',
    });
  });

  it('returns plain data, without the env class methods', () => {
    const config = parseConfig(ExampleEnv, development);
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect('validate' in config).toBe(false);
  });

  it('ignores variables the env class does not declare', () => {
    expect(parseConfig(ExampleEnv, { ...development, HOME: '/root' })).not.toHaveProperty('HOME');
  });

  it.each([
    [{ PORT: '8080' }, 'PORT', 8080],
    [{ DATABASE_POOL_SIZE: '25' }, 'DATABASE_POOL_SIZE', 25],
    [{ JITTER: '0.5' }, 'JITTER', 0.5],
    [{ FEATURE_ENABLED: 'true' }, 'FEATURE_ENABLED', true],
    [{ FEATURE_ENABLED: '1' }, 'FEATURE_ENABLED', true],
    [{ FEATURE_ENABLED: 'false' }, 'FEATURE_ENABLED', false],
    [{ FEATURE_ENABLED: '0' }, 'FEATURE_ENABLED', false],
    [{ RPC_CHECK_REPLIES: 'false' }, 'RPC_CHECK_REPLIES', false],
    [{ EVENT_ACK_WAIT_MS: '2000' }, 'EVENT_ACK_WAIT_MS', 2_000],
    [{ EVENT_REDELIVERY_BACKOFF_MS: '10,20' }, 'EVENT_REDELIVERY_BACKOFF_MS', [10, 20]],
    [{ NATS_URL: 'nats://a:4222,tls://b:4222' }, 'NATS_URL', 'nats://a:4222,tls://b:4222'],
    [{ UPSTREAM_URL: 'https://up.example.com/v1//' }, 'UPSTREAM_URL', 'https://up.example.com/v1'],
    [{ PUBLIC_URL: 'https://api.example.com/' }, 'PUBLIC_URL', 'https://api.example.com'],
    [{ PORT: '4001' }, 'PUBLIC_URL', 'http://localhost:4001'],
  ])('converts %j: %s = %j', (env, variable, expected) => {
    expect(parseConfig(ExampleEnv, { ...development, ...env })[variable as keyof Config<ExampleEnv>]).toEqual(expected);
  });

  it.each([
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ NATS_URL: 'http://x' }, 'NATS_URL must be one or more comma-separated nats:// URLs'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of the following values'],
    [{ PORT: 'eighty' }, 'PORT must be an integer number'],
    [{ PORT: '70000' }, 'PORT must not be greater than 65535'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must not be less than 1'],
    [{ JITTER: '1.5' }, 'JITTER must not be greater than 0.9'],
    [{ FEATURE_ENABLED: 'yes' }, 'FEATURE_ENABLED must be true, false, 1 or 0'],
    [{ EVENT_REDELIVERY_BACKOFF_MS: '1,soon' }, 'EVENT_REDELIVERY_BACKOFF_MS must be comma-separated milliseconds'],
    [{ EVENTS_STREAM: 'a.b' }, 'EVENTS_STREAM must be letters, digits, _ or -'],
    [{ UPSTREAM_URL: 'ftp://x' }, 'UPSTREAM_URL must be an absolute http:// or https:// URL'],
    [{ UPSTREAM_URL: 'not a url' }, 'UPSTREAM_URL must be an absolute http:// or https:// URL'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY must be 32 bytes, base64-encoded'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN must be longer than or equal to 16 characters'],
  ])('rejects %j naming the variable and the reason', (env, reason) => {
    const message = messageOf(() => parseConfig(ExampleEnv, { ...development, ...env }));
    expect(message.startsWith(`invalid configuration: ${reason}`)).toBe(true);
    expect(message).not.toContain(';');
  });

  it('reports every bad variable, one reason each, on one line, without the values', () => {
    const message = messageOf(() =>
      parseConfig(ExampleEnv, { ...development, DATABASE_URL: 'x', PORT: '99999', ADMIN_TOKEN: 'tiny\nsecret' }),
    );
    expect(message).toBe(
      'invalid configuration: DATABASE_URL must be a postgres:// URL, e.g. postgres://postgres@127.0.0.1:5432/cps; ' +
        'PORT must not be greater than 65535; ADMIN_TOKEN must be longer than or equal to 16 characters',
    );
    expect(message).not.toContain('\n');
    expect(message).not.toContain('secret');
  });
});

describe('production', () => {
  it('is what an unset NODE_ENV means', () => {
    expect(parseConfig(ExampleEnv, productionSecrets).NODE_ENV).toBe('production');
    expect(() => parseConfig(ExampleEnv, {})).toThrow(ConfigError);
  });

  it('is also what an unknown NODE_ENV means, besides being refused', () => {
    expect(messageOf(() => parseConfig(ExampleEnv, { NODE_ENV: 'staging' }))).toBe(
      'invalid configuration: NODE_ENV must be one of the following values: development, test, production; ' +
        'ADMIN_TOKEN is required in production; ENCRYPTION_KEY is required in production',
    );
  });

  it('requires every development secret, in declaration order, and runs validate()', () => {
    expect(messageOf(() => parseConfig(ExampleEnv, { FEATURE_ENABLED: 'true' }))).toBe(
      'invalid configuration: ADMIN_TOKEN is required in production; ENCRYPTION_KEY is required in production; ' +
        'FEATURE_ENABLED is not allowed in production',
    );
  });

  it.each([
    ['ADMIN_TOKEN', DEVELOPMENT_TOKEN],
    ['ENCRYPTION_KEY', DEVELOPMENT_ENCRYPTION_KEY],
    ['ENCRYPTION_KEY', DEVELOPMENT_ENCRYPTION_KEY.replace(/=+$/, '')],
  ])('refuses %s set to the development value %j', (variable, value) => {
    for (const nodeEnv of [{}, { NODE_ENV: 'production' }]) {
      expect(messageOf(() => parseConfig(ExampleEnv, { ...nodeEnv, ...productionSecrets, [variable]: value }))).toBe(
        `invalid configuration: ${variable} is the public development value, refused in production`,
      );
    }
  });

  it('accepts secrets of its own', () => {
    const config = parseConfig(ExampleEnv, { NODE_ENV: 'production', ...productionSecrets });
    expect(config).toMatchObject({ NODE_ENV: 'production', ...productionSecrets });
  });

  it.each(['development', 'test'])('keeps the development defaults when NODE_ENV=%s', (nodeEnv) => {
    expect(parseConfig(ExampleEnv, { NODE_ENV: nodeEnv })).toMatchObject({
      ADMIN_TOKEN: DEVELOPMENT_TOKEN,
      ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY,
    });
  });

  it('refuses development secrets even in an env class without NODE_ENV, unless NODE_ENV says otherwise', () => {
    class SecretOnlyEnv {
      @DevelopmentSecret()
      @MinLength(1)
      SECRET = 'development-secret';
    }
    expect(() => parseConfig(SecretOnlyEnv, {})).toThrow('SECRET is required in production');
    expect(() => parseConfig(SecretOnlyEnv, { NODE_ENV: 'prod' })).toThrow('SECRET is required in production');
    expect(parseConfig(SecretOnlyEnv, { NODE_ENV: 'test' })).toEqual({ SECRET: 'development-secret' });
  });
});

describe('X_FILE', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cps-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function secretFile(name: string, content: string): string {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  }

  it('reads a variable from the file, trailing newline trimmed', () => {
    const config = parseConfig(ExampleEnv, {
      ENCRYPTION_KEY_FILE: secretFile('key', `${KEY}\n`),
      ADMIN_TOKEN_FILE: secretFile('token', 'a-production-admin-token\r\n'),
      PORT_FILE: secretFile('port', '8080'),
    });
    expect(config).toMatchObject({ ...productionSecrets, PORT: 8080 });
  });

  it('validates the file content like the variable', () => {
    expect(() =>
      parseConfig(ExampleEnv, {
        ...productionSecrets,
        ENCRYPTION_KEY: undefined,
        ENCRYPTION_KEY_FILE: secretFile('bad', 'short'),
      }),
    ).toThrow('invalid configuration: ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  });

  it('refuses the development value from a file in production', () => {
    expect(() =>
      parseConfig(ExampleEnv, {
        ADMIN_TOKEN: 'a-production-admin-token',
        ENCRYPTION_KEY_FILE: secretFile('dev', DEVELOPMENT_ENCRYPTION_KEY),
      }),
    ).toThrow('invalid configuration: ENCRYPTION_KEY is the public development value, refused in production');
  });

  it('is an error together with the variable itself', () => {
    expect(
      messageOf(() => parseConfig(ExampleEnv, { ...productionSecrets, ENCRYPTION_KEY_FILE: secretFile('both', KEY) })),
    ).toBe('invalid configuration: ENCRYPTION_KEY and ENCRYPTION_KEY_FILE are both set; set only one');
  });

  it('names an unreadable file', () => {
    expect(messageOf(() => parseConfig(ExampleEnv, { ...development, ADMIN_TOKEN_FILE: join(dir, 'missing') }))).toBe(
      'invalid configuration: ADMIN_TOKEN cannot be read from ADMIN_TOKEN_FILE (ENOENT)',
    );
  });
});
