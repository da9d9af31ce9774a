import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { type Socket } from 'node:net';
import { HttpException, HttpStatus } from '@nestjs/common';
import { type ExpressAdapter } from '@nestjs/platform-express';

/** How an app's bodies are read; every app gets the same firewall around them. */
export interface HttpInputOptions {
  /** Largest JSON or form body in bytes (default 100 kB). */
  bodyLimitBytes?: number;
  /** Keep the JSON body's bytes as `request.rawBody` (routes that verify a signature over them). */
  rawBody?: boolean;
  /** Requests whose body the app reads itself (a bulk upload with a larger limit): left unparsed here. */
  readsOwnBody?: (request: IncomingMessage) => boolean;
}

export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
/** Deepest JSON nesting accepted: the contract's bodies are at most five levels deep, JSON-RPC's a few more. */
export const MAX_JSON_DEPTH = 32;
/** Longest request target (path and query); a longer one is 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** One entry of the seed's HTTPValidationError list. */
export interface RefusedField {
  type: string;
  loc: Array<string | number>;
  msg: string;
}

/**
 * Input refused at the edge, before any authentication, signature check or database work: 422 with the seed's
 * HTTPValidationError body `{detail: [...]}` (the shape every app's filter already answers), or 413/414 with a
 * `{detail}` sentence. `message` is the human sentence, for apps whose error shape has no list.
 */
export class InputRefused extends HttpException {
  constructor(status: number, detail: RefusedField[] | string) {
    super({ detail }, status);
    this.message =
      typeof detail === 'string' ? detail : detail.map((entry) => `${entry.loc.join('.')}: ${entry.msg}`).join('; ');
  }
}

const UNSAFE_TEXT_MSG = 'Text must not contain NUL bytes or unpaired surrogates';
/** Keys that would reach an object's prototype when copied: refused like any unknown field. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// In a `u` expression a lone surrogate is a code point of its own (category Cs); a pair is one astral code point.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000\p{Cs}]/u;

/** A NUL character or a UTF-16 surrogate without its pair: text Postgres (and most of the world) refuses. */
export function isUnsafeText(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

const unsafeText = (loc: Array<string | number>): InputRefused =>
  new InputRefused(HttpStatus.UNPROCESSABLE_ENTITY, [{ type: 'string_unsafe', loc, msg: UNSAFE_TEXT_MSG }]);

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Nesting depth of a JSON text, counted over its bytes without parsing (strings skipped), stopping past `limit`:
 * a body of a million `[` costs the scan a millisecond and `JSON.parse` a second, and a deep value overflows the
 * stack of every recursive step after the parser (class-transformer, validation).
 */
export function jsonDepthExceeds(bytes: Uint8Array | string, limit = MAX_JSON_DEPTH): boolean {
  const text = typeof bytes === 'string';
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = text ? bytes.charCodeAt(index) : bytes[index]!;
    if (inString) {
      if (byte === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth -= 1;
  }
  return false;
}

class TooDeep extends Error {
  readonly type = 'entity.too.deep';
}

/**
 * The request line and headers: a target longer than MAX_URL_LENGTH (414), NUL bytes or unpaired surrogates in
 * the path, the query, cookies or HTTP Basic credentials, and query parameters in bracket syntax
 * (`customer_id[$ne]=x`, `ids[]=1`): no route takes one, so a bracket parameter is always an operator or an array
 * where a plain string is expected, and is refused with 422 instead of being ignored.
 */
function checkRequestLine(request: IncomingMessage): void {
  const url = request.url ?? '/';
  if (url.length > MAX_URL_LENGTH) {
    throw new InputRefused(HttpStatus.URI_TOO_LONG, `the URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  for (const segment of path.split('/')) {
    const text = decoded(segment);
    if (text !== undefined && isUnsafeText(text)) throw unsafeText(['path']);
  }
  if (mark !== -1) {
    for (const [name, values] of Object.entries(parseQuery(url.slice(mark + 1)))) {
      if (name.includes('[') || name.includes(']')) {
        throw new InputRefused(HttpStatus.UNPROCESSABLE_ENTITY, [
          { type: 'string_type', loc: ['query', name], msg: 'Input should be a valid string' },
        ]);
      }
      const all = Array.isArray(values) ? values : [values ?? ''];
      if (isUnsafeText(name) || all.some(isUnsafeText)) throw unsafeText(['query', name]);
    }
  }
  checkCredentials(request.headers.authorization);
  const cookie = request.headers.cookie;
  if (cookie && cookie.includes('%')) {
    for (const pair of cookie.split(';')) {
      const value = decoded(pair.slice(pair.indexOf('=') + 1).trim());
      if (value !== undefined && isUnsafeText(value)) throw unsafeText(['header', 'cookie']);
    }
  }
}

/** HTTP Basic: the decoded user and password (each also percent-decoded, as OAuth client credentials are). */
function checkCredentials(authorization: string | undefined): void {
  if (!authorization || !/^basic /i.test(authorization)) return;
  const raw = Buffer.from(authorization.slice(6).trim(), 'base64');
  const text = raw.toString('utf8');
  const parts = text.split(':');
  if (raw.includes(0) || parts.some((part) => decoded(part) === undefined || isUnsafeText(decoded(part)!))) {
    throw unsafeText(['header', 'authorization']);
  }
}

/**
 * Every key and string of a parsed body, iteratively (the depth was bounded by the parser): unsafe text is 422,
 * and so is a prototype key (`__proto__`, `constructor`, `prototype`), as an unknown field would be.
 */
export function checkParsedBody(body: unknown, root: Array<string | number> = ['body']): void {
  const pending: Array<[unknown, Array<string | number>]> = [[body, root]];
  while (pending.length > 0) {
    const [value, loc] = pending.pop()!;
    if (typeof value === 'string') {
      if (isUnsafeText(value)) throw unsafeText(loc);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, [...loc, index]]));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const key of Object.keys(value)) {
        if (PROTOTYPE_KEYS.has(key)) {
          throw new InputRefused(HttpStatus.UNPROCESSABLE_ENTITY, [
            { type: 'extra_forbidden', loc: [...loc, key], msg: 'Extra inputs are not permitted' },
          ]);
        }
        if (isUnsafeText(key)) throw unsafeText([...loc, key]);
        pending.push([(value as Record<string, unknown>)[key], [...loc, key]]);
      }
    }
  }
}

type Next = (error?: unknown) => void;
type ParsedRequest = IncomingMessage & { body?: unknown; rawBody?: Buffer };

/**
 * The input firewall every app's HTTP server gets ahead of everything else (runService): the request line and
 * headers are checked, then JSON (`application/json`, `+json`) and forms are parsed with a size limit and the JSON
 * depth limit (counted over the bytes before they are parsed), then the parsed body is checked. Every refusal is an
 * InputRefused, answered by the app's own exception filter in its documented shape, before guards, signature
 * checks or handlers run. A body the app reads itself (`readsOwnBody`) is left to it.
 */
export function installInputFirewall(adapter: ExpressAdapter, options: HttpInputOptions = {}): void {
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const express = adapter.getInstance<{ use(...handlers: unknown[]): void }>();
  express.use((request: IncomingMessage, _response: ServerResponse, next: Next) => {
    try {
      checkRequestLine(request);
      next();
    } catch (error) {
      next(error);
    }
  });
  const parsed = (request: IncomingMessage) => !options.readsOwnBody?.(request);
  // Nest's option type leaves out `verify` (it sets its own for rawBody); body-parser takes it.
  adapter.useBodyParser('json', false, {
    limit,
    type: (request: IncomingMessage) =>
      parsed(request) && /^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? ''),
    verify: (request: IncomingMessage, _response: ServerResponse, bytes: Buffer) => {
      if (jsonDepthExceeds(bytes)) throw new TooDeep('JSON nested too deep');
      if (options.rawBody) (request as ParsedRequest).rawBody = bytes;
    },
  } as never);
  adapter.useBodyParser('urlencoded', false, {
    limit,
    extended: true,
    type: (request: IncomingMessage) =>
      parsed(request) && /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? ''),
  });
  express.use((error: unknown, _request: IncomingMessage, _response: ServerResponse, next: Next) => {
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.too.deep') {
      next(
        new InputRefused(HttpStatus.UNPROCESSABLE_ENTITY, [
          { type: 'json_too_deep', loc: ['body'], msg: `JSON is nested deeper than ${MAX_JSON_DEPTH} levels` },
        ]),
      );
    } else if (type === 'entity.too.large') {
      next(new InputRefused(HttpStatus.PAYLOAD_TOO_LARGE, `request body is larger than the limit of ${limit} bytes`));
    } else next(error);
  });
  express.use((request: ParsedRequest, _response: ServerResponse, next: Next) => {
    try {
      if (request.body !== undefined) checkParsedBody(request.body);
      next();
    } catch (error) {
      next(error);
    }
  });
}

const TOO_LARGE = JSON.stringify({ detail: 'the request line or headers are too large' });
const MALFORMED = JSON.stringify({ detail: 'malformed HTTP request' });

/**
 * Requests Node refuses before any app code sees them (a 16 KB URL overflows the header limit; a broken request
 * line): answered with a JSON body like every other refusal instead of Node's bare status line.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const overflow = error.code === 'HPE_HEADER_OVERFLOW';
    const [status, body] = overflow
      ? ['431 Request Header Fields Too Large', TOO_LARGE]
      : ['400 Bad Request', MALFORMED];
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });
}
