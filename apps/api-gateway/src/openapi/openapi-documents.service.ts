import { Inject, Injectable, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { renderDocsPage } from './docs-page.js';
import { API_TAG } from './endpoint.decorator.js';
import { buildOpenApiDocument, type Json } from './openapi-document.js';

/** Version of the REST API description. */
export const API_VERSION = '0.1.0';

/** The OpenAPI document and the reference page, built once from the controllers of this app. */
@Injectable()
export class OpenApiDocuments {
  private built?: { document: Json; page: string };

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'PUBLIC_BASE_URL' | 'AUTH_ISSUER'>,
  ) {}

  document(): Json {
    return this.build().document;
  }

  page(): string {
    return this.build().page;
  }

  private build(): { document: Json; page: string } {
    if (!this.built) {
      // The REST API's controllers are the tagged ones (the platform's health and metrics are not).
      const controllers = this.discovery
        .getControllers()
        .map((wrapper) => wrapper.metatype as Type<unknown> | null)
        .filter((metatype): metatype is Type<unknown> => !!metatype && Reflect.hasMetadata(API_TAG, metatype));
      const document = buildOpenApiDocument(controllers, {
        baseUrl: this.config.PUBLIC_BASE_URL,
        authIssuer: this.config.AUTH_ISSUER,
        version: API_VERSION,
      });
      this.built = { document, page: renderDocsPage(document) };
    }
    return this.built;
  }
}
