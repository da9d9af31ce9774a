import { request as httpRequest } from 'node:http';
import {
  Body,
  Controller,
  Get,
  Module,
  Param,
  Post,
  Query,
  Req,
  UseGuards,
  type INestApplication,
} from '@nestjs/common';
import { createHttpApp } from './bootstrap.js';
import { answerClientErrorsWithJson, jsonDepthExceeds, MAX_JSON_DEPTH } from './input-firewall.js';

/** Counts the requests that got past the firewall to a guard (where authentication or a signature check runs). */
const guarded = { calls: 0 };
class CountingGuard {
  canActivate(): boolean {
    guarded.calls += 1;
    return true;
  }
}

@Controller('things')
@UseGuards(CountingGuard)
class ThingsController {
  @Get(':id')
  one(@Param('id') id: string, @Query() query: Record<string, unknown>) {
    return { id, query };
  }

  @Get()
  address(@Req() request: { ip?: string }) {
    return { ip: request.ip };
  }

  @Post()
  create(@Body() body: unknown, @Req() request: { rawBody?: Buffer }) {
    return { body, raw: request.rawBody?.length ?? null };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('the input firewall of every app', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createHttpApp(ThingsModule, { rawBody: true }, { logger: false });
    await app.listen(0, '127.0.0.1');
    answerClientErrorsWithJson(app.getHttpServer());
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(() => app?.close());

  const post = (body: string, type = 'application/json', headers: Record<string, string> = {}) =>
    fetch(`${base}/things`, { method: 'POST', body, headers: { 'content-type': type, ...headers } });

  it("reads a client's address through a private proxy (the ingress), not the proxy's", async () => {
    const direct = await fetch(`${base}/things`);
    expect(((await direct.json()) as { ip: string }).ip).toMatch(/127\.0\.0\.1/);
    // The ingress appended the client's address; a private hop after it is skipped.
    const forwarded = await fetch(`${base}/things`, { headers: { 'x-forwarded-for': '203.0.113.7, 10.1.2.3' } });
    expect(await forwarded.json()).toEqual({ ip: '203.0.113.7' });
    // A client's own X-Forwarded-For comes before the address the ingress appended: it cannot pick its address.
    const spoofed = await fetch(`${base}/things`, { headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' } });
    expect(await spoofed.json()).toEqual({ ip: '203.0.113.7' });
  });

  it('counts JSON depth over the bytes, strings and escapes skipped', () => {
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('['.repeat(1_000_000)))).toBe(true);
  });

  it('passes ordinary input through, with the raw body kept', async () => {
    const response = await post('{"name":"Soap 🙂","tags":{"a":["b"]}}');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ body: { name: 'Soap 🙂', tags: { a: ['b'] } }, raw: 39 });
    const one = await fetch(`${base}/things/x%20y?customer_id=c1&customer_id=c2`);
    expect(await one.json()).toEqual({ id: 'x y', query: { customer_id: ['c1', 'c2'] } });
  });

  it('refuses JSON nested 10,000 deep with 422 before any guard runs', async () => {
    const before = guarded.calls;
    const response = await post(deep(10_000));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ type: 'json_too_deep', loc: ['body'], msg: `JSON is nested deeper than ${MAX_JSON_DEPTH} levels` }],
    });
    expect(guarded.calls).toBe(before);
  });

  it.each([
    ['a NUL byte in a body field', '{"name":"a\\u0000b"}', ['body', 'name']],
    ['a lone surrogate in a body field', '{"name":"a\\ud800b"}', ['body', 'name']],
    ['a NUL byte in a key', '{"a\\u0000":1}', ['body', 'a\u0000']],
    ['a lone low surrogate in an array', '{"items":["ok","\\udc00"]}', ['body', 'items', 1]],
  ])('refuses %s with 422', async (_case, body, loc) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ type: 'string_unsafe', loc, msg: 'Text must not contain NUL bytes or unpaired surrogates' }],
    });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a %s key like any unknown field', async (key) => {
    const response = await post(`{"tags":{"${key}":{"admin":true}}}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ type: 'extra_forbidden', loc: ['body', 'tags', key], msg: 'Extra inputs are not permitted' }],
    });
  });

  it('refuses a NUL byte in a form', async () => {
    const response = await post('name=a%00b', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: Array<{ loc: unknown }> }).detail[0]!.loc).toEqual(['body', 'name']);
  });

  it.each([
    ['/things/a?customer_id=a%00b', ['query', 'customer_id']],
    ['/things/a%00b', ['path']],
  ])('refuses a NUL byte in %s', async (path, loc) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: Array<{ loc: unknown }> }).detail[0]!.loc).toEqual(loc);
  });

  it.each(['customer_id[$ne]=nobody', 'status[$ne]=x', 'retailer_id[$in][]=target', 'ids[]=1'])(
    'refuses the bracket parameter %s with 422 instead of ignoring it',
    async (query) => {
      const response = await fetch(`${base}/things/a?${query}`);
      expect(response.status).toBe(422);
      const name = new URLSearchParams(query).keys().next().value;
      expect(await response.json()).toEqual({
        detail: [{ type: 'string_type', loc: ['query', name], msg: 'Input should be a valid string' }],
      });
    },
  );

  it('refuses NUL bytes in HTTP Basic credentials and cookies', async () => {
    for (const credentials of ['client\u0000:secret', 'client:se%00cret']) {
      const basic = `Basic ${Buffer.from(credentials).toString('base64')}`;
      const response = await fetch(`${base}/things/a`, { headers: { authorization: basic } });
      expect(response.status).toBe(422);
    }
    const cookie = await fetch(`${base}/things/a`, { headers: { cookie: 'sid=a%00b' } });
    expect(cookie.status).toBe(422);
  });

  it('answers a body over the limit with 413 and a detail', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(200_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'request body is larger than the limit of 102400 bytes' });
  });

  it('answers a long URL with a JSON 414, and one past the header limit with a JSON 431', async () => {
    const long = await fetch(`${base}/things/${'a'.repeat(9000)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ detail: 'the URL is longer than 8192 characters' });
    const huge = await new Promise<{ status?: number; type?: string; body: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/things/${'a'.repeat(17_000)}`, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode, type: response.headers['content-type'], body }),
        );
      });
      request.on('error', reject);
      request.end();
    });
    expect(huge).toEqual({
      status: 431,
      type: 'application/json',
      body: JSON.stringify({ detail: 'the request line or headers are too large' }),
    });
  });
});
