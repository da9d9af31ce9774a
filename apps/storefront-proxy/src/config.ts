import {
  type Config,
  configLoader,
  DEVELOPMENT_ENCRYPTION_KEY,
  DEVELOPMENT_URLS,
  EncryptionKey,
  EnvHttpUrl,
  EnvInt,
  EnvPort,
  ServiceEnv,
} from '@cps/config';

export class StorefrontProxyEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3002;

  /** `{base_url}` of the API (api-gateway): link flow, retailer `link_url` and image addresses start with it. */
  @EnvHttpUrl()
  PUBLIC_BASE_URL = DEVELOPMENT_URLS.PUBLIC_BASE_URL;

  /** Where merchants reach this service (the signed settings page). */
  @EnvHttpUrl()
  STOREFRONT_PUBLIC_URL = 'http://localhost:3002';

  /** Seals shops' app-proxy secrets, API keys and Admin API tokens at rest (AES-256-GCM); required in production. */
  @EncryptionKey()
  ENCRYPTION_KEY = DEVELOPMENT_ENCRYPTION_KEY;

  /** How long a shop's API key verdict is reused before asking auth-server again. */
  @EnvInt({ min: 0, max: 600_000 })
  STOREFRONT_API_KEY_CACHE_MS = 30_000;

  /** How long a customer's email and tags from the storefront platform's Admin API are reused. */
  @EnvInt({ min: 0, max: 3_600_000 })
  STOREFRONT_CUSTOMER_CACHE_MS = 60_000;

  /** Deadline of an Admin API call; past it the customer counts as unknown (no email, no tags). */
  @EnvInt({ min: 100, max: 30_000 })
  STOREFRONT_ADMIN_API_TIMEOUT_MS = 3_000;
}

export type StorefrontProxyConfig = Config<StorefrontProxyEnv>;

/** Injection token of the validated configuration. */
export const STOREFRONT_CONFIG = Symbol('STOREFRONT_CONFIG');

export const loadAppConfig = configLoader(StorefrontProxyEnv);
