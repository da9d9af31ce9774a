import { createParamDecorator, HttpStatus, HttpException, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';
import { type z } from 'zod';
import { validateRequestPart, type RequestPart } from './validation-error.js';

// Decorator data is wrapped: Nest takes data with a `transform` method (every zod schema) for a pipe, and
// `{schema}` for its own Standard Schema options.
interface SchemaHolder {
  requestSchema: z.ZodType;
}

/** One validated part of a route's request, recorded on the handler for the OpenAPI document. */
export interface RequestPartSchema {
  part: RequestPart;
  schema: z.ZodType;
}

export const REQUEST_PARTS = Symbol('REQUEST_PARTS');

/** The request parts a handler validates (the OpenAPI document's parameters and request body). */
export function requestPartsOf(handler: object): RequestPartSchema[] {
  return (Reflect.getMetadata(REQUEST_PARTS, handler) as RequestPartSchema[] | undefined) ?? [];
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** True when the request carries a body (content-length > 0 or chunked), as body parsers decide it. */
function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const validBody = createParamDecorator(({ requestSchema: schema }: SchemaHolder, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  if (hasBody(request) && !request.is(JSON_TYPES)) {
    throw new HttpException({ detail: 'Content-Type must be application/json' }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
  return validateRequestPart(schema, 'body', request.body);
});

const validQuery = createParamDecorator(({ requestSchema: schema }: SchemaHolder, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  return validateRequestPart(schema, 'query', lastValues(request.query));
});

const validPath = createParamDecorator(({ requestSchema: schema }: SchemaHolder, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  return validateRequestPart(schema, 'path', { ...request.params });
});

const validHeaders = createParamDecorator(({ requestSchema: schema }: SchemaHolder, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value[0] : value;
  return validateRequestPart(schema, 'header', headers);
});

function recorded(part: RequestPart, schema: z.ZodType, decorator: ParameterDecorator): ParameterDecorator {
  return (target, key, index) => {
    decorator(target, key, index);
    if (key === undefined) return;
    const handler = (target as Record<PropertyKey, object>)[key]!;
    Reflect.defineMetadata(REQUEST_PARTS, [...requestPartsOf(handler), { part, schema }], handler);
  };
}

/**
 * The JSON body validated by `schema` (422 HTTPValidationError otherwise). A body in another media type is
 * 415: the form parser would otherwise hand a url-encoded body over as if it were JSON.
 */
export const ValidBody = (schema: z.ZodType) => recorded('body', schema, validBody({ requestSchema: schema }));

/**
 * The query string validated by `schema`. A parameter given twice counts once, with its last value, as
 * FastAPI reads a scalar parameter; unknown parameters are left to the schema (usually stripped).
 */
export const ValidQuery = (schema: z.ZodType) => recorded('query', schema, validQuery({ requestSchema: schema }));

/** The path parameters validated by `schema` (an object keyed by the route's parameter names). */
export const ValidPath = (schema: z.ZodType) => recorded('path', schema, validPath({ requestSchema: schema }));

/**
 * Request headers validated by `schema`; its keys are lower-case header names. Only the headers the route
 * reads belong in it: credentials are the access guard's business.
 */
export const ValidHeaders = (schema: z.ZodType) => recorded('header', schema, validHeaders({ requestSchema: schema }));

export function lastValues(query: Request['query']): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    values[name] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return values;
}
