import { type INestApplication, type Type } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { OAUTH_SCOPES, SECURITY_SCHEMES } from '../auth/access-policy.js';

export type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** `{base_url}`: the server. */
  baseUrl: string;
  /** `{auth_url}`: where the OAuth endpoints are. */
  authIssuer: string;
  version: string;
  /** The modules whose controllers make up the REST API (the platform's health and metrics are not in it). */
  modules: Array<Type<unknown>>;
}

const ERROR_RESPONSES: Record<number, { name: string; description: string; schema: string; headers?: string[] }> = {
  400: { name: 'BadRequest', description: 'The request cannot be served as sent', schema: 'ErrorDetail' },
  401: {
    name: 'Unauthorized',
    description: 'Missing or invalid API key or token',
    schema: 'ErrorDetail',
    headers: ['WWW-Authenticate'],
  },
  403: {
    name: 'InsufficientScope',
    description: 'The access token lacks the scope this operation needs (`WWW-Authenticate` names it)',
    schema: 'InsufficientScopeError',
    headers: ['WWW-Authenticate'],
  },
  404: { name: 'NotFound', description: 'Unknown, or not yours', schema: 'ErrorDetail' },
  409: { name: 'Conflict', description: 'The resource is not in a state that allows this', schema: 'ErrorDetail' },
  410: { name: 'Gone', description: 'The resource is gone', schema: 'ErrorDetail' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than 1 MB', schema: 'ErrorDetail' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not `application/json`', schema: 'ErrorDetail' },
  422: {
    name: 'ValidationError',
    description: 'Invalid input (body, query, path or header); `loc` says where',
    schema: 'HTTPValidationError',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Rate limit exceeded; retry after `Retry-After` seconds',
    schema: 'ErrorDetail',
    headers: ['Retry-After'],
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A service or the database behind the gateway is unavailable and nothing was changed; retry after ' +
      '`Retry-After` seconds',
    schema: 'ErrorDetail',
    headers: ['Retry-After'],
  },
};

/** An example body of each error, shown in the reference next to its schema. */
const ERROR_EXAMPLES: Record<string, unknown> = {
  ErrorDetail: { detail: 'connection not found' },
  InsufficientScopeError: { detail: 'the access token lacks the scope retailers:read', error: 'insufficient_scope' },
  HTTPValidationError: {
    detail: [
      {
        type: 'string_too_long',
        loc: ['body', 'customer_id'],
        msg: 'String should have at most 64 characters',
        input: 'c'.repeat(65),
        ctx: { max_length: 64 },
      },
    ],
  },
};

const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

const HEADERS: Record<string, { description: string; type: 'integer' | 'string' }> = {
  'RateLimit-Limit': { description: 'Requests the client may send at once (its bucket size)', type: 'integer' },
  'RateLimit-Remaining': { description: 'Requests left right now', type: 'integer' },
  'RateLimit-Reset': { description: 'Seconds until the full limit is available again', type: 'integer' },
  'Retry-After': { description: 'Seconds to wait before the next request', type: 'integer' },
  'WWW-Authenticate': {
    description: 'RFC 6750 challenge, e.g. `Bearer error="insufficient_scope", scope="retailers:read"`',
    type: 'string',
  },
};

const STATIC_SCHEMAS: Record<string, Json> = {
  ErrorDetail: {
    type: 'object',
    properties: { detail: { type: 'string', description: 'What went wrong, for a person' } },
    required: ['detail'],
  },
  InsufficientScopeError: {
    type: 'object',
    properties: { detail: { type: 'string' }, error: { const: 'insufficient_scope' } },
    required: ['detail', 'error'],
  },
  ValidationError: {
    type: 'object',
    properties: {
      loc: {
        type: 'array',
        items: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        description: 'Where: `body`, `query`, `path` or `header`, then the field path',
      },
      msg: { type: 'string' },
      type: { type: 'string', description: 'Error type, e.g. `missing`, `string_too_long`, `extra_forbidden`' },
      input: { description: 'The value sent' },
      ctx: { type: 'object', description: 'Details of the rule, e.g. `{"max_length": 64}`' },
    },
    required: ['loc', 'msg', 'type'],
  },
  HTTPValidationError: {
    type: 'object',
    properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/ValidationError' } } },
    required: ['detail'],
  },
};

/** `/docs` is served by SwaggerModule.setup (docs.ts), not by a controller, so its operation is written here. */
const DOCS_OPERATION = {
  operationId: 'openApi_docs',
  summary: 'This API as an interactive reference (Swagger UI)',
  tags: ['Reference'],
  parameters: [],
  responses: { 200: { description: 'The reference page', content: { 'text/html': { schema: { type: 'string' } } } } },
};

/** `connectionsController.list` -> `connections_list`, the operation ids the API has always had. */
function operationId(controllerKey: string, methodKey: string): string {
  return `${controllerKey.replace(/Controller$/, '')}_${methodKey}`.replace(/^./, (c) => c.toLowerCase());
}

/**
 * The OpenAPI 3.1 document of the REST API, generated by @nestjs/swagger from the controllers, DTO classes
 * and decorators; then every operation gets the error responses its security and inputs imply, the
 * rate-limit headers, and 3.0-style `nullable` becomes 3.1's `type: [..., 'null']`.
 */
export function buildOpenApiDocument(app: INestApplication, options: OpenApiOptions): Json {
  const config = new DocumentBuilder()
    .setTitle('Connected Purchases API')
    .setVersion(options.version)
    .setDescription(
      'Purchases that shoppers have permitted your brand to see: connections, purchases, retailers, link ' +
        'tokens, webhooks and ad-sharing opt-outs. Authenticate with `x-api-key`, a connection token ' +
        '(with the API key) or a partner OAuth access token. Every response carries `RateLimit-*` headers.',
    )
    .addServer(options.baseUrl)
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'x-api-key',
        description: 'Your API key secret (`cpk_...`). Call from a backend only.',
      },
      SECURITY_SCHEMES.apiKey,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'A connection token from `POST /connections/{connection_id}/token` (scope `access`), always sent ' +
          'together with the API key that obtained it.',
      },
      SECURITY_SCHEMES.connectionToken,
    )
    .addOAuth2(
      {
        type: 'oauth2',
        description:
          'Partner apps and data-query connectors: authorization code with PKCE (S256); access tokens are JWTs ' +
          'valid 900 s with audience `{base_url}`. Send them as `Authorization: Bearer` without an API key.',
        flows: {
          authorizationCode: {
            authorizationUrl: `${options.authIssuer}/oauth/authorize`,
            tokenUrl: `${options.authIssuer}/oauth/token`,
            refreshUrl: `${options.authIssuer}/oauth/token`,
            scopes: OAUTH_SCOPES,
          },
        },
      },
      SECURITY_SCHEMES.oauth,
    )
    .build();
  const generated = SwaggerModule.createDocument(app, config, {
    include: options.modules,
    operationIdFactory: operationId,
    autoTagControllers: false,
  });
  generated.paths['/docs'] = { get: structuredClone(DOCS_OPERATION) };
  return finish(generated);
}

/** The header every authenticated write takes (IdempotencyInterceptor). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first answer for this key is kept 24 hours and replayed (with ' +
    '`Idempotent-Replayed: true`) for the same request from the same API key or token; the same key with another ' +
    'request is 422, and while the first is still running 409.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]{1,255}$' },
  example: '6f1c2a9e-0b7d-4d38-9a55-1f0e2c4b7a10',
};

type Operation = Json & {
  parameters?: Array<Json & { in: string; schema?: Json }>;
  requestBody?: Json;
  responses: Record<string, Json>;
  security?: Array<Record<string, string[]>>;
};

function finish(generated: OpenAPIObject): Json {
  const document = toOpenApi31(generated) as Json & {
    paths: Record<string, Record<string, Operation>>;
    components: Json & { schemas?: Record<string, Json> };
  };
  const tags = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
      if (['post', 'patch', 'put'].includes(method) && (operation.security ?? []).length > 0) {
        operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER];
      }
      completeResponses(path, operation);
    }
  }
  return {
    openapi: '3.1.0',
    info: document.info,
    servers: document.servers,
    tags: [...tags].map((name) => ({ name })),
    paths: document.paths,
    components: {
      schemas: { ...(document.components.schemas ?? {}), ...STATIC_SCHEMAS },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map((error) => [
          error.name,
          {
            description: error.description,
            headers: headerRefs([...(error.headers ?? []), ...RATE_LIMIT_HEADERS]),
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${error.schema}` },
                example: ERROR_EXAMPLES[error.schema] ?? { detail: error.description },
              },
            },
          },
        ]),
      ),
      headers: Object.fromEntries(
        Object.entries(HEADERS).map(([name, header]) => [
          name,
          { description: header.description, schema: { type: header.type } },
        ]),
      ),
      securitySchemes: document.components.securitySchemes,
    },
  };
}

/** The errors every operation may answer: from its security, its path and what it validates. */
function completeResponses(path: string, operation: Operation): void {
  const security = operation.security ?? [];
  operation.security = security;
  const isPublic = security.length === 0;
  const parameters = operation.parameters ?? [];
  const errors = new Set<number>([429]);
  if (!isPublic) [401, 503].forEach((status) => errors.add(status));
  if (
    security.some(
      (alternative) => SECURITY_SCHEMES.oauth in alternative || SECURITY_SCHEMES.connectionToken in alternative,
    )
  )
    errors.add(403);
  if (path.includes('{') && !isPublic) errors.add(404);
  if (operation.requestBody) [413, 415].forEach((status) => errors.add(status));
  if (parameters.some((parameter) => parameter.in !== 'path' || constrained(parameter.schema)) || operation.requestBody)
    errors.add(422);

  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    if (Number(status) >= 400) {
      errors.add(Number(status));
      continue;
    }
    responses[status] = { ...response, headers: headerRefs(RATE_LIMIT_HEADERS) };
  }
  for (const status of [...errors].sort((a, b) => a - b)) {
    const error = ERROR_RESPONSES[status];
    if (error) responses[String(status)] = { $ref: `#/components/responses/${error.name}` };
  }
  operation.responses = responses;
  if (operation.requestBody) operation.requestBody = { ...operation.requestBody, required: true };
}

function constrained(schema: Json | undefined): boolean {
  return ['pattern', 'maxLength', 'minLength', 'enum', 'format'].some((keyword) => schema && keyword in schema);
}

function headerRefs(names: string[]): Json {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/**
 * @nestjs/swagger writes OpenAPI 3.0 schemas; the document is 3.1 (JSON Schema 2020-12), where a value
 * that may be null says so in its type, and a nullable reference is `anyOf` the reference and null.
 */
export function toOpenApi31(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toOpenApi31);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) out[key] = toOpenApi31(inner);
  if (out.nullable === true) {
    delete out.nullable;
    const reference = Array.isArray(out.allOf) && out.allOf.length === 1 ? (out.allOf[0] as Json) : undefined;
    if (reference?.$ref) {
      const { allOf: _allOf, type: _type, ...rest } = out;
      return { ...rest, anyOf: [reference, { type: 'null' }] };
    }
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  } else if (out.nullable === false) {
    delete out.nullable;
  }
  return out;
}
