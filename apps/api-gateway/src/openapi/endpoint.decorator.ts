import { applyDecorators, HttpCode, SetMetadata } from '@nestjs/common';
import { type z } from 'zod';

/** Error statuses an operation may answer besides those its access policy and inputs imply. */
export type ErrorStatus = 400 | 404 | 409 | 410 | 503;

/** What the OpenAPI document says about one route, beside what the code already tells (see openapi.document). */
export interface EndpointDoc {
  summary: string;
  description?: string;
  /** The success status; also the route's HTTP code. */
  status: number;
  /** The success body (null: none, as for 204). */
  response: z.ZodType | null;
  responseDescription?: string;
  /** Extra error statuses (e.g. 404 for an unknown id named in the body). */
  errors?: ErrorStatus[];
  /** Media type of the success body when it is not JSON. */
  contentType?: string;
  deprecated?: boolean;
}

export const ENDPOINT_DOC = Symbol('ENDPOINT_DOC');
export const API_TAG = Symbol('API_TAG');

/** Documents a route and sets its success status. */
export const Endpoint = (doc: EndpointDoc) => applyDecorators(SetMetadata(ENDPOINT_DOC, doc), HttpCode(doc.status));

/** The OpenAPI tag of every route of a controller. */
export const ApiTag = (name: string) => SetMetadata(API_TAG, name);
