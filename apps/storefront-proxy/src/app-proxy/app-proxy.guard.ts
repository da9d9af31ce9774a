import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Response } from 'express';
import { STOREFRONT_CUSTOMER_ID } from '@cps/domain';
import { CUSTOMER_ONLY, type RequestWithProxy } from './proxied-request.js';
import { onlyValue, queryPairs, SignedRequests } from './signed-requests.js';

/** Where this service is mounted; the storefront may proxy it under another prefix (`path_prefix`). */
export const MOUNT_PATH = '/apps/service';

/** Parameters the platform adds to every proxied request; the rest of the query is the storefront page's. */
const PLATFORM_PARAMETERS = new Set(['shop', 'timestamp', 'signature', 'path_prefix', 'logged_in_customer_id']);

const PATH_PREFIX = /^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** A signed-out visitor on a GET of a customer endpoint: to the storefront's login, then back here. */
export class SignInRedirect extends HttpException {
  constructor(readonly location: string) {
    super({ detail: 'customer not signed in' }, HttpStatus.FOUND);
  }
}

/**
 * Trusts a request only as the storefront platform signed it (SignedRequests; a POST is served once, a GET may repeat:
 * a double click or a prefetch of `link/{linkId}` finds the same connection), then reads the signed-in customer from `logged_in_customer_id` (empty or absent: signed out).
 */
@Injectable()
export class AppProxyGuard implements CanActivate {
  constructor(
    private readonly signed: SignedRequests,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithProxy>();
    // Answers about one customer: no shared cache (the platform's proxy, a CDN) may keep them.
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'private, no-store');
    const pairs = queryPairs(request.originalUrl);
    const singleUse = request.method !== 'GET';
    const body = request.method === 'GET' ? '' : JSON.stringify(request.body ?? null);
    const shop = await this.signed.shopOf(pairs, singleUse ? `${request.method} ${request.path} ${body}` : null);

    const customer = onlyValue(pairs, 'logged_in_customer_id') || null;
    request.appProxy = { shop, customer };

    const customerOnly = this.reflector.getAllAndOverride<boolean>(CUSTOMER_ONLY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (customerOnly && customer === null) {
      if (request.method !== 'GET') throw new BadRequestException({ detail: 'customer not signed in' });
      // Back to this page of the storefront (its path under the proxy's prefix, without the platform's parameters).
      const prefix = onlyValue(pairs, 'path_prefix');
      const path = `${prefix && PATH_PREFIX.test(prefix) ? prefix : MOUNT_PATH}${request.path.slice(MOUNT_PATH.length)}`;
      const query = new URLSearchParams(pairs.filter(([name]) => !PLATFORM_PARAMETERS.has(name))).toString();
      throw new SignInRedirect(`/account/login?return_url=${encodeURIComponent(query ? `${path}?${query}` : path)}`);
    }
    if (customer !== null && !STOREFRONT_CUSTOMER_ID.test(customer)) {
      throw new BadRequestException({ detail: 'logged_in_customer_id is not a customer id this service supports' });
    }
    return true;
  }
}
