import { Inject, Injectable, type INestApplication, type Type } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { buildOpenApiDocument, type Json } from './openapi-document.js';

/** Version of the REST API description. */
export const API_VERSION = '0.1.0';

/** The OpenAPI document, built once from the controllers of this app by @nestjs/swagger. */
@Injectable()
export class OpenApiDocuments {
  private built?: Json;

  constructor(
    private readonly modules: ModulesContainer,
    private readonly applicationConfig: ApplicationConfig,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'PUBLIC_BASE_URL' | 'AUTH_ISSUER'>,
  ) {}

  document(): Json {
    this.built ??= buildOpenApiDocument(this.application(), {
      baseUrl: this.config.PUBLIC_BASE_URL,
      authIssuer: this.config.AUTH_ISSUER,
      version: API_VERSION,
      modules: this.restApiModules(),
    });
    return this.built;
  }

  /**
   * The modules of the REST API: those with a tagged controller (every REST controller has `@ApiTags()`;
   * the link pages and the platform's health and metrics have none).
   */
  private restApiModules(): Array<Type<unknown>> {
    return [...this.modules.values()]
      .filter((module) =>
        [...module.controllers.values()].some(
          (controller) => !!controller.metatype && Reflect.hasMetadata(DECORATORS.API_TAGS, controller.metatype),
        ),
      )
      .map((module) => module.metatype);
  }

  /**
   * What SwaggerModule reads of the application (its modules, its global prefix, its HTTP adapter): the
   * service starts through the platform's runService, which hands no application to the app's code.
   */
  private application(): INestApplication {
    const view: Pick<INestApplication, 'getHttpAdapter'> & { container: object; config: ApplicationConfig } = {
      container: { getModules: () => this.modules },
      config: this.applicationConfig,
      getHttpAdapter: () => this.adapterHost.httpAdapter,
    };
    // A partial application: only what SwaggerScanner reads, typed above.
    return view as unknown as INestApplication;
  }
}
