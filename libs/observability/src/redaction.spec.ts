import { Writable } from 'node:stream';
import { createLogger } from './logger.js';
import { redactLogLine, redactUrl } from './redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/link?link_token=lt_v1_abc&redirect_url=x', '/link?link_token=[Redacted]&redirect_url=x'],
    ['/link-tokens/lt_v1_secret', '/link-tokens/[Redacted]'],
    ['/link-tokens/lt_v1_secret?x=1', '/link-tokens/[Redacted]?x=1'],
    ['/oauth/callback?code=abc&state=s', '/oauth/callback?code=[Redacted]&state=s'],
    ['/retailers?include=all', '/retailers?include=all'],
    // Spellings that dodged the old patterns: routing ignores case, query names are percent-decoded.
    ['/LINK-TOKENS/lt_v1_secret', '/LINK-TOKENS/[Redacted]'],
    ['/Link%2DTokens/lt_v1_secret', '/Link%2DTokens/[Redacted]'],
    ['/link?link%5Ftoken=lt_v1_secret&x=1', '/link?link%5Ftoken=[Redacted]&x=1'],
    ['/link?LINK_TOKEN=lt_v1_secret', '/link?LINK_TOKEN=[Redacted]'],
    ['/x?session%5Ftoken=s&client%5fsecret=c', '/x?session%5Ftoken=[Redacted]&client%5fsecret=[Redacted]'],
  ])('%s -> %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it("blanks every path segment the matched route's template names a secret, whatever the spelling", () => {
    expect(redactUrl('/Shops/abc/SECRETS/s3cr3t', '/shops/:shop_id/secrets/:secret')).toBe(
      '/Shops/abc/SECRETS/[Redacted]',
    );
    expect(redactUrl('/LINK-TOKENS/lt_v1_x', '/link-tokens/:link_token')).toBe('/LINK-TOKENS/[Redacted]');
    expect(redactUrl('/connections/c1/token', '/connections/:connection_id/token')).toBe('/connections/c1/token');
  });
});

describe('log redaction', () => {
  function capture(level = 'info') {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { logger: createLogger('test', level, sink), lines };
  }

  it("logs a failed statement's message, code and SQL but never its values (issue 32, item 3)", () => {
    const { logger, lines } = capture();
    const failed = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      query: 'INSERT INTO auth.users (id, email) VALUES ($1, $2)',
      parameters: ['u1', 'jo@example.com'],
      detail: 'Key (email)=(jo@example.com) already exists.',
      driverError: { detail: 'Key (email)=(jo@example.com) already exists.' },
    });
    logger.error({ err: failed }, 'statement failed');
    expect(lines.join('')).not.toContain('jo@example.com');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      err: { code: '23505', query: 'INSERT INTO auth.users (id, email) VALUES ($1, $2)' },
    });
  });

  it('blanks headers and secret fields at any depth, in bindings and errors too', () => {
    const { logger, lines } = capture();
    logger.child({ token: 'bound-token' }).info(
      {
        req: {
          headers: {
            authorization: 'Bearer abc',
            'x-api-key': 'sk_live',
            cookie: 'sid=1',
            accept: 'json',
          },
        },
        res: { headers: { 'set-cookie': ['sid=2'] } },
        body: {
          secret: 'whsec_1',
          api_key: 'k',
          nested: { deeper: { refresh_token: 'r', list: [{ Password: 'p' }] } },
        },
        err: Object.assign(new Error('boom'), { access_token: 'at' }),
        connection_token: { kid: 'object-valued' },
      },
      'hello',
    );
    const line = lines.join('');
    for (const secret of [
      'Bearer abc',
      'sk_live',
      'sid=1',
      'sid=2',
      'whsec_1',
      '"k"',
      '"r"',
      '"p"',
      'bound-token',
      '"at"',
      'object-valued',
    ]) {
      expect(line).not.toContain(secret);
    }
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed).toMatchObject({ msg: 'hello', service: 'test', token: '[Redacted]', err: { message: 'boom' } });
    expect(line).toContain('json');
    expect(line.endsWith('}\n')).toBe(true);
  });

  it('writes a line without secret fields as pino made it', () => {
    const { logger, lines } = capture();
    logger.info({ tokens_seen: 3, detail: 'the word token in a message' }, 'token: fine');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      tokens_seen: 3,
      detail: 'the word token in a message',
      msg: 'token: fine',
    });
  });

  it('withholds a line that holds a secret field but is not JSON', () => {
    expect(redactLogLine('{"token": "abc" oops\n')).not.toContain('abc');
    expect(redactLogLine('plain text\n')).toBe('plain text\n');
  });
});
