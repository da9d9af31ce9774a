import { All, Controller, HttpStatus, Inject, Logger, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { signAppProxyQuery } from '@cps/domain';
import { STOREFRONT_CONFIG, type SandboxStorefrontConfig } from '../config.js';
import { StorefrontSessions } from '../customers/storefront-session.js';

/** Where the app proxy is mounted on the storefront (and where storefront-proxy serves it). */
export const MOUNT_PATH = '/apps/service';

/** What the platform sets itself: a page cannot pass its own (they are dropped, then added as the platform knows them). */
const PLATFORM_PARAMETERS = new Set(['shop', 'timestamp', 'signature', 'path_prefix', 'logged_in_customer_id']);

/** Headers of the app's answer the platform passes on to the browser. */
const PASSED_ON = ['content-type', 'location', 'cache-control'];

/**
 * The platform's app proxy: `/apps/service/*` of the shop is forwarded to storefront-proxy as Shopify forwards it,
 * with `shop`, `path_prefix`, `logged_in_customer_id` (the signed-in customer, empty for a visitor), `timestamp`
 * and `signature` (HMAC-SHA256 with the app's shared secret) added to the page's own query; method and JSON body
 * as they came. The app's answer (status, body, redirects) goes back to the browser as it is.
 */
@Controller()
export class AppProxyForwarderController {
  private readonly logger = new Logger('AppProxy');

  constructor(
    private readonly sessions: StorefrontSessions,
    @Inject(STOREFRONT_CONFIG)
    private readonly config: Pick<
      SandboxStorefrontConfig,
      'SANDBOX_SHOP_DOMAIN' | 'SANDBOX_PROXY_SECRET' | 'STOREFRONT_PROXY_URL' | 'SANDBOX_PROXY_TIMEOUT_MS'
    >,
  ) {}

  @All('apps/service/*path')
  async forward(@Req() req: Request, @Res() res: Response): Promise<void> {
    const url = new URL(req.originalUrl, 'http://storefront.invalid');
    // Only what is under the mount (`/apps/service/../x` is normalised by URL to `/x`).
    if (!url.pathname.startsWith(`${MOUNT_PATH}/`)) {
      res.status(HttpStatus.NOT_FOUND).json({ detail: 'not found' });
      return;
    }
    const customer = await this.sessions.customerOf(req);
    const query = signAppProxyQuery(
      [
        ...[...url.searchParams].filter(([name]) => !PLATFORM_PARAMETERS.has(name)),
        ['shop', this.config.SANDBOX_SHOP_DOMAIN],
        ['path_prefix', MOUNT_PATH],
        ['logged_in_customer_id', customer?.id ?? ''],
      ],
      this.config.SANDBOX_PROXY_SECRET,
      new Date(),
    );
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
    let answer: globalThis.Response;
    try {
      answer = await fetch(`${this.config.STOREFRONT_PROXY_URL}${url.pathname}?${query.toString()}`, {
        method: req.method,
        redirect: 'manual',
        headers: hasBody
          ? { 'content-type': 'application/json', accept: 'application/json' }
          : { accept: 'application/json' },
        body: hasBody ? JSON.stringify(req.body) : undefined,
        signal: AbortSignal.timeout(this.config.SANDBOX_PROXY_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn(`app proxy: ${req.method} ${url.pathname} failed: ${(error as Error).message}`);
      res.status(HttpStatus.BAD_GATEWAY).json({ detail: 'the app did not answer' });
      return;
    }
    for (const name of PASSED_ON) {
      const value = answer.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    res.status(answer.status).send(Buffer.from(await answer.arrayBuffer()));
  }
}
