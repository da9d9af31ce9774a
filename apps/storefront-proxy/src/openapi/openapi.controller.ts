import { Controller, Get, type INestApplication } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import { ApiExcludeController, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AppProxyModule } from '../app-proxy/app-proxy.module.js';

/** Version of the storefront endpoints' description. */
export const STOREFRONT_API_VERSION = '0.1.0';

/**
 * `GET /openapi.json`: the `/apps/service/*` endpoints as OpenAPI 3, built once by @nestjs/swagger from the app-proxy
 * controller and its DTOs (so the reference cannot drift from the code).
 */
@Controller()
@ApiExcludeController()
export class OpenApiController {
  private document?: OpenAPIObject;

  constructor(
    private readonly modules: ModulesContainer,
    private readonly applicationConfig: ApplicationConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  @Get('openapi.json')
  openapi(): OpenAPIObject {
    this.document ??= SwaggerModule.createDocument(
      this.application(),
      new DocumentBuilder()
        .setTitle('Connected Purchases storefront app proxy')
        .setDescription(
          "Called by storefront pages through the storefront platform's app proxy at `/apps/service/*` on the " +
            "shop's domain. No API key: the platform signs every request (query parameters `shop`, `timestamp`, " +
            '`path_prefix`, `logged_in_customer_id`, `signature`). Errors are `{"detail": ...}`; 422 uses the ' +
            'HTTPValidationError shape.',
        )
        .setVersion(STOREFRONT_API_VERSION)
        .build(),
      { include: [AppProxyModule] },
    );
    return this.document;
  }

  /** What SwaggerModule reads of the application (runService hands no application to the app's code). */
  private application(): INestApplication {
    const view = {
      container: { getModules: () => this.modules },
      config: this.applicationConfig,
      getHttpAdapter: () => this.adapterHost.httpAdapter,
    };
    return view as unknown as INestApplication;
  }
}
