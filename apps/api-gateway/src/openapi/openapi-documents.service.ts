import { Injectable, type INestApplication, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DECORATORS, SwaggerModule } from '@nestjs/swagger';
import { type GatewayConfig } from '../gateway-config.js';
import { serveDocs } from './docs.js';
import metadata from './metadata.js';
import { buildOpenApiDocument, type Json } from './openapi-document.js';

/** Version of the REST API description. */
export const API_VERSION = '0.1.0';

/** The OpenAPI document `/openapi.json` serves, built when the gateway starts (`publishOpenApi`). */
@Injectable()
export class OpenApiDocuments {
  private built?: Json;

  publish(document: Json): void {
    this.built = document;
  }

  document(): Json {
    if (!this.built) throw new Error('the OpenAPI document is built when the gateway starts (publishOpenApi)');
    return this.built;
  }
}

/**
 * The document of the REST API from the app's controllers and DTOs, with what @nestjs/swagger's compiler plugin
 * read from their types, validators and comments (metadata.ts, written by tools/openapi-metadata.mjs).
 */
export async function createOpenApiDocument(
  app: INestApplication,
  config: Pick<GatewayConfig, 'PUBLIC_BASE_URL' | 'AUTH_ISSUER'>,
): Promise<Json> {
  await SwaggerModule.loadPluginMetadata(metadata);
  return buildOpenApiDocument(app, {
    baseUrl: config.PUBLIC_BASE_URL,
    authIssuer: config.AUTH_ISSUER,
    version: API_VERSION,
    modules: restApiModules(app),
  });
}

/**
 * The service definition's `configure` hook: builds the document once, before the gateway listens, and serves the
 * reference of it at `/docs`.
 */
export async function publishOpenApi(app: INestApplication, config: GatewayConfig): Promise<void> {
  const documents = app.get(OpenApiDocuments);
  documents.publish(await createOpenApiDocument(app, config));
  serveDocs(app, () => documents.document());
}

/**
 * The modules of the REST API: those with a tagged controller (every REST controller has `@ApiTags()`; the link
 * pages and the platform's health and metrics have none).
 */
function restApiModules(app: INestApplication): Array<Type<unknown>> {
  return [...app.get(ModulesContainer).values()]
    .filter((module) =>
      [...module.controllers.values()].some(
        (controller) => !!controller.metatype && Reflect.hasMetadata(DECORATORS.API_TAGS, controller.metatype),
      ),
    )
    .map((module) => module.metatype);
}
