import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';
import { type Shop } from '../shops/shop.js';

/** What the signature guard established about a proxied request. */
export interface ProxiedRequest {
  shop: Shop;
  /** `logged_in_customer_id`; null for a signed-out visitor. */
  customer: string | null;
}

export type RequestWithProxy = Request & { appProxy?: ProxiedRequest };

/** The request's ProxiedRequest (set by AppProxyGuard). */
export const Proxied = createParamDecorator((_data: unknown, context: ExecutionContext): ProxiedRequest => {
  const proxied = context.switchToHttp().getRequest<RequestWithProxy>().appProxy;
  if (!proxied) throw new Error('AppProxyGuard did not run');
  return proxied;
});

/** A signed-in customer with this proxied request (the seed's "(customer)" endpoints). */
export interface CustomerRequest extends ProxiedRequest {
  customer: string;
}

export const CUSTOMER_ONLY = Symbol('CUSTOMER_ONLY');

/** The seed's "(customer)": signed-out visitors are sent to the storefront login (GET) or refused with 400 (POST). */
export const CustomerOnly = () => SetMetadata(CUSTOMER_ONLY, true);
