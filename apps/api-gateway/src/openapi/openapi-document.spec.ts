import 'reflect-metadata';
import { Validator } from '@seriousme/openapi-schema-validator';
import { AdSharingController } from '../ad-sharing/ad-sharing.controller.js';
import { AssetsController } from '../assets/assets.controller.js';
import { ConnectionsController } from '../connections/connections.controller.js';
import { LinkTokensController } from '../link-tokens/link-tokens.controller.js';
import { PurchasesController } from '../purchases/purchases.controller.js';
import { RetailersController } from '../retailers/retailers.controller.js';
import { SimulatorController } from '../simulator/simulator.controller.js';
import { WebhooksController } from '../webhooks/webhooks.controller.js';
import { renderDocsPage } from './docs-page.js';
import { buildOpenApiDocument, routesOf, type Json } from './openapi-document.js';
import { OpenApiController } from './openapi.controller.js';

const CONTROLLERS = [
  ConnectionsController,
  PurchasesController,
  RetailersController,
  LinkTokensController,
  AdSharingController,
  WebhooksController,
  SimulatorController,
  AssetsController,
  OpenApiController,
];
const OPTIONS = { baseUrl: 'https://api.example.com', authIssuer: 'https://auth.example.com', version: '0.1.0' };

type Operation = Json & { responses: Record<string, Json>; security: Array<Record<string, string[]>> };
const document = buildOpenApiDocument(CONTROLLERS, OPTIONS);
const paths = document.paths as Record<string, Record<string, Operation>>;
const op = (method: string, path: string) => paths[path]![method]!;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every endpoint of the seed', () => {
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /connections',
        'POST /connections',
        'GET /connections/{connection_id}',
        'PATCH /connections/{connection_id}',
        'DELETE /connections/{connection_id}',
        'GET /connections/{connection_id}/activity',
        'POST /connections/{connection_id}/token',
        'GET /purchases',
        'GET /purchases/{purchase_id}',
        'GET /retailers',
        'PATCH /retailers/{retailer_id}',
        'POST /link-tokens',
        'GET /link-tokens',
        'DELETE /link-tokens/{link_token}',
        'POST /ad-sharing/opt-outs',
      ]),
    );
  });

  it('declares description version 0.1.0 on the activity endpoint', () => {
    expect(op('get', '/connections/{connection_id}/activity').description).toMatch(/version:? 0\.1\.0/);
  });

  it('states the accepted credentials and scopes of each operation', () => {
    expect(op('get', '/retailers').security).toEqual([{ ApiKey: [] }, { OAuth2: ['retailers:read'] }]);
    expect(op('get', '/purchases').security).toEqual([{ ApiKey: [], ConnectionToken: [] }]);
    expect(op('get', '/purchases/{purchase_id}').security).toEqual([
      { ApiKey: [], ConnectionToken: [] },
      { OAuth2: ['purchases:brand_products'] },
    ]);
    expect(op('post', '/ad-sharing/opt-outs').security).toEqual([{ ApiKey: [] }]);
    expect(op('get', '/openapi.json').security).toEqual([]);
  });

  it('documents the error responses with their bodies', () => {
    const retailers = op('patch', '/retailers/{retailer_id}').responses;
    expect(Object.keys(retailers)).toEqual(['200', '401', '403', '404', '413', '415', '422', '429', '503']);
    expect(retailers['422']).toEqual({ $ref: '#/components/responses/ValidationError' });
    expect(Object.keys(op('post', '/ad-sharing/opt-outs').responses)).toEqual([
      '204',
      '401',
      '404',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    const components = document.components as Json & { schemas: Record<string, Json> };
    expect(components.schemas.HTTPValidationError).toBeDefined();
    expect(components.schemas.InsufficientScopeError).toBeDefined();
  });

  it('documents query parameters with their types and bounds', () => {
    expect(op('get', '/purchases').parameters).toEqual([
      expect.objectContaining({
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
      }),
      expect.objectContaining({ name: 'starting_after', in: 'query', required: false }),
    ]);
    expect(op('post', '/link-tokens').parameters).toEqual([
      expect.objectContaining({ name: 'x-service-idempotency-key', in: 'header', required: false }),
    ]);
  });

  it('refuses a route without an access policy', () => {
    class Undeclared {}
    Reflect.defineMetadata('path', 'x', Undeclared);
    const handler = function handler() {};
    Reflect.defineMetadata('method', 0, handler);
    Reflect.defineMetadata('path', '/', handler);
    Object.defineProperty(Undeclared.prototype, 'handler', { value: handler });
    expect(() => routesOf([Undeclared])).toThrow(/declares no access policy/);
  });
});

describe('the reference page', () => {
  const page = renderDocsPage(document);

  it('shows every operation and schema, with no script or remote resource', () => {
    for (const path of Object.keys(paths)) expect(page).toContain(path.replace(/[{}]/g, (c) => c));
    expect(page).toContain('id="schema-Connection"');
    expect(page).toContain('Description version: 0.1.0');
    expect(page).not.toMatch(/<script|https?:\/\/(?!api\.example\.com|auth\.example\.com)[a-z]/i);
  });
});
