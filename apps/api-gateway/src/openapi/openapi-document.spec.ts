import 'reflect-metadata';
import { Module, type INestApplication, type Provider, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SwaggerModule } from '@nestjs/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import { AdSharingController } from '../ad-sharing/ad-sharing.controller.js';
import { RecordOptOutUseCase } from '../ad-sharing/record-opt-out.use-case.js';
import { AssetsController } from '../assets/assets.controller.js';
import { GetRetailerImageUseCase } from '../assets/get-retailer-image.use-case.js';
import { EventsClient } from '../clients/events.client.js';
import { SyncClient } from '../clients/sync.client.js';
import { ConnectionsController } from '../connections/connections.controller.js';
import { IssueConnectionTokenUseCase } from '../connections/issue-connection-token.use-case.js';
import { ListConnectionActivityUseCase } from '../connections/list-connection-activity.use-case.js';
import { GATEWAY_CONFIG } from '../gateway-config.js';
import { LinkTokensController } from '../link-tokens/link-tokens.controller.js';
import { RevokeLinkTokenUseCase } from '../link-tokens/revoke-link-token.use-case.js';
import { GetPurchaseUseCase } from '../purchases/get-purchase.use-case.js';
import { PurchasesController } from '../purchases/purchases.controller.js';
import { ListRetailersUseCase } from '../retailers/list-retailers.use-case.js';
import { RetailersController } from '../retailers/retailers.controller.js';
import { UpdateRetailerUseCase } from '../retailers/update-retailer.use-case.js';
import { SimulatorController } from '../simulator/simulator.controller.js';
import { WebhooksController } from '../webhooks/webhooks.controller.js';
import metadata from './metadata.js';
import { buildOpenApiDocument, toOpenApi31, type Json } from './openapi-document.js';
import { OpenApiController } from './openapi.controller.js';
import { OpenApiDocuments } from './openapi-documents.service.js';

// The controllers with what they are built from; nothing is called, so the dependencies stay empty.
const unused = (token: Type<unknown>): Provider => ({ provide: token, useValue: {} });

@Module({
  controllers: [
    ConnectionsController,
    PurchasesController,
    RetailersController,
    LinkTokensController,
    AdSharingController,
    WebhooksController,
    SimulatorController,
    AssetsController,
    OpenApiController,
  ],
  providers: [
    SyncClient,
    EventsClient,
    ListConnectionActivityUseCase,
    IssueConnectionTokenUseCase,
    GetPurchaseUseCase,
    ListRetailersUseCase,
    UpdateRetailerUseCase,
    RevokeLinkTokenUseCase,
    RecordOptOutUseCase,
    GetRetailerImageUseCase,
    OpenApiDocuments,
    { provide: GATEWAY_CONFIG, useValue: {} },
  ].map((provider) => (typeof provider === 'function' ? unused(provider) : provider)),
})
class RestApiModule {}

type Operation = Json & {
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  security: Array<Record<string, string[]>>;
};

describe('the OpenAPI document', () => {
  let app: INestApplication;
  let document: Json & { paths: Record<string, Record<string, Operation>>; components: Json };
  const op = (method: string, path: string) => document.paths[path]![method]!;

  beforeAll(async () => {
    await SwaggerModule.loadPluginMetadata(metadata);
    app = await NestFactory.create(RestApiModule, { logger: false });
    await app.init();
    document = buildOpenApiDocument(app, {
      baseUrl: 'https://api.example.com',
      authIssuer: 'https://auth.example.com',
      version: '0.1.0',
      modules: [RestApiModule],
    }) as typeof document;
  });

  afterAll(async () => {
    await app.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('lists every endpoint of the seed, and not the reference page assets', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
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
        'GET /openapi.json',
        'GET /docs',
      ]),
    );
    expect(operations).not.toContain('GET /docs/{file}');
    expect(op('get', '/connections').operationId).toBe('connections_list');
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
    const schemes = (document.components.securitySchemes ?? {}) as Record<string, Json>;
    expect(Object.keys(schemes).sort()).toEqual(['ApiKey', 'ConnectionToken', 'OAuth2']);
    expect(schemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(schemes.ConnectionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.OAuth2).toMatchObject({
      type: 'oauth2',
      flows: { authorizationCode: { authorizationUrl: 'https://auth.example.com/oauth/authorize' } },
    });
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
    expect(Object.keys(op('post', '/webhooks/{webhook_id}/deliveries/{delivery_id}/retry').responses)).toEqual([
      '200',
      '401',
      '403',
      '404',
      '409',
      '422',
      '429',
      '503',
    ]);
    const components = document.components as Json & { schemas: Record<string, Json>; responses: Record<string, Json> };
    expect(components.schemas.HTTPValidationError).toBeDefined();
    expect(components.schemas.InsufficientScopeError).toBeDefined();
    expect(components.responses.ValidationError).toMatchObject({
      content: {
        'application/json': { example: { detail: [expect.objectContaining({ loc: ['body', 'customer_id'] })] } },
      },
    });
  });

  it('documents query, path and header parameters with their types and bounds', () => {
    expect(op('get', '/purchases').parameters).toEqual([
      expect.objectContaining({
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 50, default: 10 }),
      }),
      expect.objectContaining({ name: 'starting_after', in: 'query', required: false }),
    ]);
    expect(op('post', '/link-tokens').parameters).toEqual([
      expect.objectContaining({ name: 'x-service-idempotency-key', in: 'header', required: false }),
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    for (const [method, path] of [
      ['post', '/webhooks'],
      ['patch', '/connections/{connection_id}'],
      ['post', '/simulated-connections/{connection_id}/purchases'],
    ] as const) {
      expect(op(method, path).parameters).toContainEqual(
        expect.objectContaining({
          name: 'Idempotency-Key',
          in: 'header',
          schema: expect.objectContaining({ maxLength: 255 }),
        }),
      );
    }
    expect(op('get', '/connections/{connection_id}').parameters).toEqual([
      expect.objectContaining({ name: 'connection_id', in: 'path', required: true }),
    ]);
  });

  it('documents bodies and responses from the DTO classes, with examples', () => {
    const schemas = (document.components as { schemas: Record<string, Json & { properties?: Record<string, Json> }> })
      .schemas;
    expect(op('post', '/connections').requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateConnectionBody' } } },
    });
    expect(schemas.CreateConnectionBody!.required).toEqual(['customer_id', 'retailer_id']);
    expect(schemas.Connection!.properties!.email).toMatchObject({ type: ['string', 'null'] });
    expect(schemas.PurchaseItem!.properties!.product).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/ProductRef' }, { type: 'null' }],
    });
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const success = Object.entries(operation.responses).find(([status]) => Number(status) < 300)![1];
        const schema = (success.content as Record<string, { schema: Json }> | undefined)?.['application/json']?.schema;
        const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
        if (!ref) continue;
        const properties = Object.values(schemas[ref]!.properties ?? {});
        const shown = properties.some((property) => 'example' in property || '$ref' in property || 'items' in property);
        expect({ operation: `${method} ${path}`, shown }).toEqual({ operation: `${method} ${path}`, shown: true });
      }
    }
  });
});

describe('toOpenApi31', () => {
  it('turns 3.0 nullable into 3.1 types', () => {
    expect(toOpenApi31({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(toOpenApi31({ enum: ['a'], type: 'string', nullable: true })).toEqual({
      enum: ['a', null],
      type: ['string', 'null'],
    });
    expect(toOpenApi31({ allOf: [{ $ref: '#/x' }], type: 'object', nullable: true, description: 'd' })).toEqual({
      description: 'd',
      anyOf: [{ $ref: '#/x' }, { type: 'null' }],
    });
  });
});
