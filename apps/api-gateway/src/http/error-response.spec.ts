import {
  BadRequestException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { HttpExceptionWithHeaders, toErrorResponse } from './error-response.js';
import { RequestValidationException } from './validation-error.js';

/** What express' body parser passes on (Nest's express adapter keeps it as the exception's cause). */
function parserFailure(status: number, type: string, message: string, body?: string): HttpException {
  const cause = Object.assign(new SyntaxError(message), { type, body, status });
  return new HttpException(message, status, { cause });
}

describe('toErrorResponse', () => {
  it('keeps an object body that already has detail', () => {
    expect(toErrorResponse(new UnauthorizedException({ detail: 'missing API key' }))).toEqual({
      status: 401,
      body: { detail: 'missing API key' },
    });
  });

  it('passes a service refusal and an unavailable service through', () => {
    expect(toErrorResponse(new HttpException({ detail: 'retailer x not found' }, 404))).toEqual({
      status: 404,
      body: { detail: 'retailer x not found' },
    });
    const unavailable = new ServiceUnavailableException({ detail: 'sync-service is unavailable; try again shortly' });
    expect(toErrorResponse(unavailable)).toEqual({
      status: 503,
      body: { detail: 'sync-service is unavailable; try again shortly' },
      headers: { 'Retry-After': '1' },
    });
  });

  it('answers a lost database connection or a serialization failure with 503 and Retry-After, not 500', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
    ]) {
      expect(toErrorResponse(error)).toEqual({
        status: 503,
        body: { detail: 'temporarily unavailable; try again shortly' },
        headers: { 'Retry-After': '1' },
      });
    }
    expect(toErrorResponse(new TypeError('a bug'))).toMatchObject({ status: 500, unexpected: true });
  });

  it('keeps extra fields next to detail (403 insufficient_scope)', () => {
    const forbidden = new HttpException({ detail: 'insufficient scope', error: 'insufficient_scope' }, 403);
    expect(toErrorResponse(forbidden).body).toEqual({
      detail: 'insufficient scope',
      error: 'insufficient_scope',
    });
  });

  it('turns a Nest message into detail', () => {
    expect(toErrorResponse(new BadRequestException('bad thing'))).toEqual({
      status: 400,
      body: { detail: 'bad thing' },
    });
  });

  it('answers unknown routes with Not Found, never echoing the URL', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /link?link_token=lt_v1_secret'))).toEqual({
      status: 404,
      body: { detail: 'Not Found' },
    });
    expect(toErrorResponse(new NotFoundException({ detail: 'webhook x not found' })).body).toEqual({
      detail: 'webhook x not found',
    });
  });

  it('passes the HTTPValidationError through', () => {
    const entries = [{ loc: ['query', 'include'], msg: "Input should be 'enabled' or 'all'", type: 'enum' }];
    expect(toErrorResponse(new RequestValidationException(entries))).toEqual({
      status: 422,
      body: { detail: entries },
    });
  });

  it.each([
    [
      '{"a": }',
      'Unexpected token \'}\', "{"a": }" is not valid JSON',
      7,
      'Unexpected token \'}\', "{"a": }" is not valid JSON',
    ],
    [
      '{"a"',
      "Expected ':' after property name in JSON at position 4 (line 1 column 5)",
      4,
      "Expected ':' after property name",
    ],
    ['{', 'Unexpected end of JSON input', 1, 'Unexpected end of JSON input'],
  ])('malformed JSON %s -> 422 json_invalid', (body, message, position, reason) => {
    expect(toErrorResponse(parserFailure(400, 'entity.parse.failed', message, body))).toEqual({
      status: 422,
      body: {
        detail: [
          {
            type: 'json_invalid',
            loc: ['body', position],
            msg: 'JSON decode error',
            input: {},
            ctx: { error: reason },
          },
        ],
      },
    });
  });

  it('reports an oversized body as 413 with the limit', () => {
    const response = toErrorResponse(parserFailure(413, 'entity.too.large', 'request entity too large'));
    expect(response.status).toBe(413);
    expect(response.body.detail).toMatch(/larger than the limit of 1048576 bytes/);
    expect(toErrorResponse(new PayloadTooLargeException()).status).toBe(413);
  });

  it('keeps a 415 from the body parser', () => {
    expect(toErrorResponse(parserFailure(415, 'charset.unsupported', 'unsupported charset "UTF-7"'))).toEqual({
      status: 415,
      body: { detail: 'unsupported charset "UTF-7"' },
    });
  });

  it('hides anything unexpected behind a bare 500', () => {
    const response = toErrorResponse(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(response).toEqual({ status: 500, body: { detail: 'internal error' }, unexpected: true });
    expect(toErrorResponse('a string').body).toEqual({ detail: 'internal error' });
    expect(toErrorResponse(new InternalServerErrorException('db password wrong'))).toEqual({
      status: 500,
      body: { detail: 'internal error' },
      unexpected: true,
    });
  });
});

describe('HttpExceptionWithHeaders', () => {
  it('carries its headers to the response', () => {
    const exception = new HttpExceptionWithHeaders({ detail: 'insufficient scope', error: 'insufficient_scope' }, 403, {
      'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="retailers:read"',
    });
    expect(toErrorResponse(exception)).toEqual({
      status: 403,
      body: { detail: 'insufficient scope', error: 'insufficient_scope' },
      headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="retailers:read"' },
    });
  });
});
