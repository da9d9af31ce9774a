import 'reflect-metadata';
import { Body, Controller, Get, HttpException, Module, Patch, Query, type INestApplication } from '@nestjs/common';
import { IsBoolean, IsString } from 'class-validator';
import { IsOmittable, IsOneOf } from '@cps/contracts';
import { createHttpApp } from '@cps/platform';
import { HttpModule } from './http.module.js';
import { gatewayHttpInput } from './json-body-parser.js';

class ThingsQuery {
  @IsOneOf(['enabled', 'all']) include: 'enabled' | 'all' = 'enabled';
}

class ThingBody {
  @IsOmittable() @IsBoolean() enabled?: boolean;
  @IsOmittable() @IsString() note?: string;
}

@Controller('things')
class ThingsController {
  @Get()
  list(@Query() query: ThingsQuery) {
    return query;
  }

  @Patch()
  update(@Body() body: ThingBody) {
    return body;
  }

  @Get('boom')
  boom(): never {
    throw new Error('secret connection string postgres://user:pw@db');
  }

  @Get('refused')
  refused(): never {
    throw new HttpException({ detail: 'retailer x not found' }, 404);
  }
}

@Module({ imports: [HttpModule], controllers: [ThingsController] })
class TestModule {}

/** The gateway's HTTP conventions (body parser, validation pipe, 415 check, error filter) in a real express app. */
describe('HTTP conventions', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createHttpApp(TestModule, gatewayHttpInput, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
  });

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: text ? JSON.parse(text) : null,
    };
  };
  const patch = (body: string, type = 'application/json') =>
    call('/things', { method: 'PATCH', body, headers: { 'content-type': type } });

  it('validates and defaults the query', async () => {
    expect(await call('/things')).toMatchObject({ status: 200, body: { include: 'enabled' } });
    expect(await call('/things?include=all&include=enabled')).toMatchObject({ body: { include: 'enabled' } });
    expect(await call('/things?include=some')).toEqual({
      status: 422,
      type: 'application/json; charset=utf-8',
      body: {
        detail: [
          {
            type: 'enum',
            loc: ['query', 'include'],
            msg: "Input should be 'enabled' or 'all'",
            input: 'some',
            ctx: { expected: "'enabled' or 'all'" },
          },
        ],
      },
    });
  });

  it('validates the body', async () => {
    expect(await patch('{"enabled": true}')).toMatchObject({ status: 200, body: { enabled: true } });
    expect(await patch('{"enabled": true, "x": 1}')).toMatchObject({
      status: 422,
      body: { detail: [{ type: 'extra_forbidden', loc: ['body', 'x'] }] },
    });
    expect(await call('/things', { method: 'PATCH' })).toMatchObject({
      status: 422,
      body: { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required' }] },
    });
    expect(await patch('[1]')).toMatchObject({
      status: 422,
      body: { detail: [{ type: 'model_attributes_type', loc: ['body'] }] },
    });
  });

  it('answers malformed JSON with 422 json_invalid', async () => {
    const response = await patch('{"enabled": tru');
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      expect.objectContaining({ type: 'json_invalid', msg: 'JSON decode error', loc: ['body', expect.any(Number)] }),
    ]);
  });

  it('refuses other media types with 415', async () => {
    expect(await patch('enabled=true', 'application/x-www-form-urlencoded')).toEqual({
      status: 415,
      type: 'application/json; charset=utf-8',
      body: { detail: 'Content-Type must be application/json' },
    });
    expect(await patch('{"enabled": true}', 'text/plain')).toMatchObject({ status: 415 });
  });

  it('accepts +json media types and bodies up to 1 MB, and answers 413 beyond', async () => {
    expect(await patch('{"enabled": false}', 'application/merge-patch+json')).toMatchObject({ status: 200 });
    const note = 'x'.repeat(900_000);
    expect(await patch(JSON.stringify({ note }))).toMatchObject({ status: 200 });
    const tooLarge = await patch(JSON.stringify({ note: 'x'.repeat(1_100_000) }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toMatch(/limit/);
  });

  it('answers unknown routes with 404 Not Found', async () => {
    expect(await call('/nope?link_token=lt_v1_x')).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      body: { detail: 'Not Found' },
    });
    expect(await call('/things', { method: 'DELETE' })).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
  });

  it('passes a refusal through and hides unexpected errors', async () => {
    expect(await call('/things/refused')).toMatchObject({ status: 404, body: { detail: 'retailer x not found' } });
    expect(await call('/things/boom')).toEqual({
      status: 500,
      type: 'application/json; charset=utf-8',
      body: { detail: 'internal error' },
    });
  });
});
