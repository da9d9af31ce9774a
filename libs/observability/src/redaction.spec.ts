import { Writable } from 'node:stream';
import { pino } from 'pino';
import { REDACT_PATHS, redactUrl } from './redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/link?link_token=lt_v1_abc&redirect_url=x', '/link?link_token=[Redacted]&redirect_url=x'],
    ['/link-tokens/lt_v1_secret', '/link-tokens/[Redacted]'],
    ['/link-tokens/lt_v1_secret?x=1', '/link-tokens/[Redacted]?x=1'],
    ['/oauth/callback?code=abc&state=s', '/oauth/callback?code=[Redacted]&state=s'],
    ['/retailers?include=all', '/retailers?include=all'],
  ])('%s -> %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe('log redaction', () => {
  it('blanks headers and secret fields at any of the first three levels', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[Redacted]' } }, sink);
    logger.info({
      req: {
        headers: {
          authorization: 'Bearer abc',
          'x-api-key': 'sk_live',
          cookie: 'sid=1',
          accept: 'json',
        },
      },
      body: { secret: 'whsec_1', api_key: 'k', nested: { refresh_token: 'r' } },
      token: 't',
    });
    const line = lines.join('');
    for (const secret of ['Bearer abc', 'sk_live', 'sid=1', 'whsec_1', '"k"', '"r"', '"t"']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('json');
  });
});
