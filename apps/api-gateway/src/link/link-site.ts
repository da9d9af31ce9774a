import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { LinkCookies } from './link-cookie.js';

/** Where the link flow lives under `{base_url}` and how its cookie is made. */
@Injectable()
export class LinkSite {
  /** Path of the gateway under its public address ('' at the root). */
  readonly basePath: string;
  /** `{base path}/link`: the flow's one page address. */
  readonly startPath: string;
  /** `scheme://host[:port]` of `{base_url}`: forms must come from here. */
  readonly origin: string;
  readonly cookies: LinkCookies;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'PUBLIC_BASE_URL' | 'link'>) {
    const base = new URL(config.PUBLIC_BASE_URL);
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.startPath = `${this.basePath}/link`;
    this.origin = base.origin;
    this.cookies = new LinkCookies(config.link.LINK_SESSION_SECRET, {
      path: this.startPath,
      secure: base.protocol === 'https:',
      maxAgeSeconds: config.link.LINK_SESSION_COOKIE_SECONDS,
    });
  }
}
