import { Matches } from 'class-validator';
import {
  type Config,
  configLoader,
  DEVELOPMENT_URLS,
  DevelopmentToken,
  EnvHttpUrl,
  EnvInt,
  EnvPort,
  ServiceEnv,
} from '@cps/config';

/** Anyone can read these: outside production they are the defaults (npm start connects the demo shop with them). */
export const DEVELOPMENT_PROXY_SECRET = 'sandbox-storefront-app-proxy-development-secret';
export const DEVELOPMENT_ADMIN_API_TOKEN = 'shpat_sandbox_storefront_development_token';

export class SandboxStorefrontEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3021;

  /** The shop's domain, as the platform names it in the `shop` parameter of proxied requests. */
  @Matches(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/)
  SANDBOX_SHOP_DOMAIN = 'sandbox-shop.myshopify.com';

  /** The app-proxy shared secret this "platform" signs forwarded requests with (`shop:connect --secret`). */
  @DevelopmentToken()
  SANDBOX_PROXY_SECRET = DEVELOPMENT_PROXY_SECRET;

  /** The Admin API access token (`X-Shopify-Access-Token`) the app uses to read customers. */
  @DevelopmentToken()
  SANDBOX_ADMIN_API_TOKEN = DEVELOPMENT_ADMIN_API_TOKEN;

  /** Where the app proxy forwards `/apps/service/*`: storefront-proxy. */
  @EnvHttpUrl()
  STOREFRONT_PROXY_URL = 'http://localhost:3002';

  /** `{base_url}` of the API: the retailer images the theme block shows come from there. */
  @EnvHttpUrl()
  PUBLIC_BASE_URL = DEVELOPMENT_URLS.PUBLIC_BASE_URL;

  /** Lifetime of a customer's storefront session. */
  @EnvInt({ min: 60, max: 30 * 86_400 })
  SANDBOX_SESSION_TTL_SECONDS = 7 * 86_400;

  /** Deadline of a forwarded app-proxy request. */
  @EnvInt({ min: 100, max: 60_000 })
  SANDBOX_PROXY_TIMEOUT_MS = 10_000;
}

export type SandboxStorefrontConfig = Config<SandboxStorefrontEnv>;

/** Injection token of the validated configuration. */
export const STOREFRONT_CONFIG = Symbol('SANDBOX_STOREFRONT_CONFIG');

export const loadAppConfig = configLoader(SandboxStorefrontEnv);
