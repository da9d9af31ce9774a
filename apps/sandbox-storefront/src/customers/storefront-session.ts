import { Inject, Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { STOREFRONT_CONFIG, type SandboxStorefrontConfig } from '../config.js';
import { CustomerRepository, type Customer } from './customer.repository.js';

const COOKIE = 'sbx_shop_session';

/** The value of one cookie of a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** A path of this shop to go back to after signing in (`/apps/service/link/...`), never another site. */
export function localReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2048) return '/';
  return raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : '/';
}

/** The shop's customer sessions: an HttpOnly cookie naming a stored (hashed) session. */
@Injectable()
export class StorefrontSessions {
  constructor(
    private readonly customers: CustomerRepository,
    @Inject(STOREFRONT_CONFIG) private readonly config: Pick<SandboxStorefrontConfig, 'SANDBOX_SESSION_TTL_SECONDS'>,
  ) {}

  /** The signed-in customer of the request, or null for a visitor. */
  async customerOf(req: Request): Promise<Customer | null> {
    const token = cookieValue(req.headers.cookie, COOKIE);
    return token ? this.customers.customerOfSession(token, new Date()) : null;
  }

  /** Signs the customer in: the Set-Cookie value. */
  async open(customer: Customer): Promise<string> {
    const ttl = this.config.SANDBOX_SESSION_TTL_SECONDS;
    const token = await this.customers.openSession(customer.id, new Date(Date.now() + ttl * 1000));
    return `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${ttl}`;
  }

  /** Signs the request's customer out: the Set-Cookie value that forgets the cookie. */
  async close(req: Request): Promise<string> {
    const token = cookieValue(req.headers.cookie, COOKIE);
    if (token) await this.customers.closeSession(token);
    return `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  }
}
