import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { z } from 'zod';
import { ACCESS_POLICY, OAUTH_SCOPES, type AccessPolicy } from '../auth/access-policy.js';
import { requestPartsOf, type RequestPartSchema } from '../http/request-parts.decorator.js';
import { API_TAG, ENDPOINT_DOC, type EndpointDoc } from './endpoint.decorator.js';
import { apiSchemas } from './schema-registry.js';

export type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** `{base_url}`: the server. */
  baseUrl: string;
  /** `{auth_url}`: where the OAuth endpoints are. */
  authIssuer: string;
  version: string;
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
    description: 'A service behind the gateway is unavailable; retry shortly',
    schema: 'ErrorDetail',
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

/** zod -> JSON Schema 2020-12 (OpenAPI 3.1's dialect); named schemas are lifted into components. */
class SchemaConverter {
  readonly components: Record<string, Json> = { ...STATIC_SCHEMAS };
  private readonly serialized = new Map<string, string>();

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json = z.toJSONSchema(schema, {
      metadata: apiSchemas,
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const meta = apiSchemas.get(zodSchema as unknown as z.ZodType);
        if (meta && meta.default !== undefined) jsonSchema.default = meta.default as never;
      },
    }) as Json;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) this.add(id, rewriteRefs(def) as Json);
    return rewriteRefs(json) as Json;
  }

  private add(id: string, schema: Json): void {
    const text = JSON.stringify(schema);
    const known = this.serialized.get(id);
    if (known !== undefined && known !== text) throw new Error(`schema ${id} is documented with two shapes`);
    this.serialized.set(id, text);
    this.components[id] = schema;
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string'
        ? inner.replace(/^#\/\$defs\//, '#/components/schemas/')
        : rewriteRefs(inner);
  }
  return out;
}

/** One route as the code declares it. */
export interface RouteDeclaration {
  method: string;
  /** OpenAPI form: `/connections/{connection_id}`. */
  path: string;
  operationId: string;
  tag: string;
  policy: AccessPolicy;
  doc: EndpointDoc;
  parts: RequestPartSchema[];
}

/** Every route of these controllers; throws for a route without an access policy or an Endpoint doc. */
export function routesOf(controllers: Array<Type<unknown>>): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  for (const controller of controllers) {
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const tag = (Reflect.getMetadata(API_TAG, controller) as string | undefined) ?? controller.name;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const path = joinPath(prefix, String(Reflect.getMetadata(PATH_METADATA, handler) ?? ''));
      const policy = (Reflect.getMetadata(ACCESS_POLICY, handler) ?? Reflect.getMetadata(ACCESS_POLICY, controller)) as
        AccessPolicy | undefined;
      const doc = Reflect.getMetadata(ENDPOINT_DOC, handler) as EndpointDoc | undefined;
      const label = `${RequestMethod[method]} ${path}`;
      if (!policy) throw new Error(`${label} declares no access policy (@Access or @PublicAccess)`);
      if (!doc) throw new Error(`${label} has no @Endpoint documentation`);
      routes.push({
        method: RequestMethod[method].toLowerCase(),
        path,
        operationId: `${controller.name.replace(/Controller$/, '')}_${name}`.replace(/^./, (c) => c.toLowerCase()),
        tag,
        policy,
        doc,
        parts: requestPartsOf(handler),
      });
    }
  }
  return routes;
}

function joinPath(prefix: string, path: string): string {
  const joined = `/${[prefix, path]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The OpenAPI 3.1 document of the REST API, built from the routes' declarations. */
export function buildOpenApiDocument(controllers: Array<Type<unknown>>, options: OpenApiOptions): Json {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const route of routesOf(controllers)) {
    tags.add(route.tag);
    (paths[route.path] ??= {})[route.method] = operation(route, converter);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Connected Purchases API',
      version: options.version,
      description:
        'Purchases that shoppers have permitted your brand to see: connections, purchases, retailers, link ' +
        'tokens, webhooks and ad-sharing opt-outs. Authenticate with `x-api-key`, a connection token ' +
        '(with the API key) or a partner OAuth access token. Every response carries `RateLimit-*` headers.',
    },
    servers: [{ url: options.baseUrl }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: converter.components,
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map((error) => [
          error.name,
          {
            description: error.description,
            headers: headerRefs([...(error.headers ?? []), ...RATE_LIMIT_HEADERS]),
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${error.schema}` } } },
          },
        ]),
      ),
      headers: Object.fromEntries(
        Object.entries(HEADERS).map(([name, header]) => [
          name,
          { description: header.description, schema: { type: header.type } },
        ]),
      ),
      securitySchemes: securitySchemes(options),
    },
  };
}

function headerRefs(names: string[]): Json {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

function securitySchemes(options: OpenApiOptions): Json {
  return {
    ApiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: 'Your API key secret (`cpk_...`). Call from a backend only.',
    },
    ConnectionToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'A connection token from `POST /connections/{connection_id}/token` (scope `access`), always sent ' +
        'together with the API key that obtained it.',
    },
    OAuth2: {
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
  };
}

function operation(route: RouteDeclaration, converter: SchemaConverter): Json {
  const { doc, policy } = route;
  const parameters: Json[] = [];
  let requestBody: Json | undefined;
  const pathPart = route.parts.find((part) => part.part === 'path');
  for (const part of route.parts) {
    if (part.part === 'body') {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: converter.convert(part.schema, 'input') } },
      };
    } else {
      parameters.push(...parametersOf(part, converter));
    }
  }
  // Path parameters the handler does not validate are still parameters of the path.
  if (!pathPart) {
    for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g)) {
      parameters.unshift({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }

  const errors = new Set<number>([429, ...(doc.errors ?? [])]);
  if (!policy.public) [401, 503].forEach((status) => errors.add(status));
  if (policy.oauth || policy.connectionToken) errors.add(403);
  if (route.path.includes('{') && !policy.public) errors.add(404);
  if (requestBody) [413, 415].forEach((status) => errors.add(status));
  if (parameters.some((parameter) => parameter.in !== 'path' || constrained(parameter.schema)) || requestBody) {
    errors.add(422);
  }

  const success: Json = {
    description: doc.responseDescription ?? (doc.response ? 'Success' : 'Success, no content'),
    headers: headerRefs(RATE_LIMIT_HEADERS),
  };
  if (doc.response) {
    success.content = {
      [doc.contentType ?? 'application/json']: { schema: converter.convert(doc.response, 'output') },
    };
  }
  const responses: Json = { [String(doc.status)]: success };
  for (const status of [...errors].sort((a, b) => a - b)) {
    const error = ERROR_RESPONSES[status];
    if (error) responses[String(status)] = { $ref: `#/components/responses/${error.name}` };
  }

  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.deprecated ? { deprecated: true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: securityOf(policy),
  };
}

function parametersOf(part: RequestPartSchema, converter: SchemaConverter): Json[] {
  const schema = converter.convert(part.schema, 'input');
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: part.part,
      required: part.part === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function constrained(schema: unknown): boolean {
  const json = schema as Json;
  return ['pattern', 'maxLength', 'minLength', 'enum', 'format'].some((keyword) => keyword in json);
}

function securityOf(policy: AccessPolicy): Json[] {
  if (policy.public) return [];
  const alternatives: Json[] = [];
  if (policy.apiKey) alternatives.push({ ApiKey: [] });
  if (policy.connectionToken) alternatives.push({ ApiKey: [], ConnectionToken: [] });
  if (policy.oauth) alternatives.push({ OAuth2: [policy.oauth] });
  return alternatives;
}
