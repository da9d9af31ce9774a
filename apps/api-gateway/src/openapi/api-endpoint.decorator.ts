import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, type SchemaObject } from '@nestjs/swagger';

/** Error statuses an operation may answer besides those its access policy and inputs imply. */
export type ErrorStatus = 400 | 404 | 409 | 410 | 503;

/** What the OpenAPI document says about one route, beside what the code already tells. */
export interface EndpointDoc {
  summary: string;
  description?: string;
  /** The success status; also the route's HTTP code. */
  status: number;
  /** The success body: a DTO class (JSON), null for none (204), or a media type with its schema (a string by default). */
  response: Type<unknown> | null | { contentType: string; description: string; schema?: SchemaObject };
  /** Extra error statuses (e.g. 404 for an unknown id named in the body). */
  errors?: ErrorStatus[];
  deprecated?: boolean;
}

/**
 * Documents a route for @nestjs/swagger and sets its success status. The error responses implied by the
 * access policy and the validated inputs (401, 403, 404, 422, 429, 503...) are added to every operation
 * when the document is built (openapi-document.ts), so they are never forgotten on one route.
 */
export function ApiEndpoint(doc: EndpointDoc): MethodDecorator {
  const success = doc.response;
  const decorators = [
    HttpCode(doc.status),
    ApiOperation({
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      ...(doc.deprecated ? { deprecated: true } : {}),
    }),
  ];
  if (success === null) {
    decorators.push(ApiResponse({ status: doc.status, description: 'Success, no content' }));
  } else if (typeof success === 'function') {
    decorators.push(ApiResponse({ status: doc.status, description: 'Success', type: success }));
  } else {
    decorators.push(
      ApiProduces(success.contentType),
      ApiResponse({
        status: doc.status,
        description: success.description,
        content: { [success.contentType]: { schema: success.schema ?? { type: 'string' } } },
      }),
    );
  }
  for (const status of doc.errors ?? []) decorators.push(ApiResponse({ status, description: String(status) }));
  return applyDecorators(...decorators);
}
