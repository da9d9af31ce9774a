import { configLoader, DEVELOPMENT_URLS, EnvHttpUrl, EnvInt, EnvPort, ServiceEnv } from '@cps/config';

export class DashboardEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3004;

  /** Where people open the dashboard; its scheme decides the session cookie's `Secure` flag. */
  @EnvHttpUrl()
  DASHBOARD_URL = 'http://localhost:3004';

  /** The REST API's public address (api-gateway): retailer logos, `link_url`s and the API reference link. */
  @EnvHttpUrl()
  PUBLIC_BASE_URL = DEVELOPMENT_URLS.PUBLIC_BASE_URL;

  /** A session ends this long after sign-in (sign-out ends it at once). */
  @EnvInt({ min: 5, max: 7 * 24 * 60 })
  SESSION_TTL_MINUTES = 12 * 60;
}

export const loadAppConfig = configLoader(DashboardEnv);
export type DashboardConfig = Pick<DashboardEnv, 'DASHBOARD_URL' | 'PUBLIC_BASE_URL' | 'SESSION_TTL_MINUTES'>;
export const DASHBOARD_CONFIG = Symbol('DASHBOARD_CONFIG');
