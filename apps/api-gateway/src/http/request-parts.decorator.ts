import { createParamDecorator, HttpStatus, HttpException, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';
import { type z } from 'zod';
import { validateRequestPart } from './validation-error.js';

// Decorator data is wrapped: Nest takes data with a `transform` method (every zod schema) for a pipe, and
// `{schema}` for its own Standard Schema options.
interface SchemaHolder {
  requestSchema: z.ZodType;
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

/**
 * The JSON body validated by `schema` (422 HTTPValidationError otherwise). A body in another media type is
 * 415: the form parser would otherwise hand a url-encoded body over as if it were JSON.
 */
export const ValidBody = (schema: z.ZodType) => validBody({ requestSchema: schema });

/**
 * The query string validated by `schema`. A parameter given twice counts once, with its last value, as
 * FastAPI reads a scalar parameter; unknown parameters are left to the schema (usually stripped).
 */
export const ValidQuery = (schema: z.ZodType) => validQuery({ requestSchema: schema });

export function lastValues(query: Request['query']): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    values[name] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return values;
}
