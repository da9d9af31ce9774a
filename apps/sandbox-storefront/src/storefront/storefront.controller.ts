import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Controller, Get, HttpStatus, Inject, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '@cps/persistence';
import { STOREFRONT_CONFIG, type SandboxStorefrontConfig } from '../config.js';
import { CustomerRepository } from '../customers/customer.repository.js';
import { localReturnPath, StorefrontSessions } from '../customers/storefront-session.js';
import { MOUNT_PATH } from '../app-proxy/app-proxy-forwarder.controller.js';
import { homePage, loginPage, setPageHeaders } from './pages.js';

/**
 * The theme's assets: apps/sandbox-storefront/public (plain files, served as they are), found upwards from this
 * module, which is dist/apps/sandbox-storefront/src/storefront in the repository and the image, or dist/host in the
 * single-node host bundle.
 */
const PUBLIC_DIR = publicDir(import.meta.dirname);

function publicDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'apps', 'sandbox-storefront', 'public');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return resolve(from, '../../../../../apps/sandbox-storefront/public');
  }
}
const ASSETS: Record<string, string> = {
  'theme-block.js': 'text/javascript; charset=utf-8',
  'storefront.css': 'text/css; charset=utf-8',
};

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length <= max ? value : null;

/** The shop's own pages: the homepage with the theme block, customer sign-in and sign-out, the theme's assets. */
@Controller()
export class StorefrontController {
  private readonly imageOrigin: string;
  private readonly assets = new Map<string, Buffer>();

  constructor(
    private readonly sessions: StorefrontSessions,
    private readonly customers: CustomerRepository,
    @Inject(STOREFRONT_CONFIG) config: Pick<SandboxStorefrontConfig, 'PUBLIC_BASE_URL'>,
  ) {
    this.imageOrigin = new URL(config.PUBLIC_BASE_URL).origin;
  }

  @Get()
  async home(@Req() req: Request, @Res() res: Response): Promise<void> {
    setPageHeaders(res, this.imageOrigin);
    res.type('html').send(homePage(await this.sessions.customerOf(req), MOUNT_PATH));
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    const type = Object.prototype.hasOwnProperty.call(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) throw new NotFoundException({ detail: 'not found' });
    let body = this.assets.get(file);
    if (!body) this.assets.set(file, (body = readFileSync(join(PUBLIC_DIR, file))));
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(type).send(body);
  }

  @Get('account/login')
  login(@Req() req: Request, @Res() res: Response): void {
    setPageHeaders(res, this.imageOrigin);
    res.type('html').send(loginPage(localReturnPath(req.query.return_url), null));
  }

  /** Signs in, then back to `return_url` (a path of this shop): the platform's customer login. */
  @Post('account/login')
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const returnUrl = localReturnPath(form.return_url);
    const email = text(form.email, 254)?.trim().toLowerCase() ?? '';
    const password = text(form.password, 256) ?? '';
    const found = email ? await this.customers.findByEmail(email) : null;
    // The same work for an unknown email, so timing does not tell which emails have accounts.
    const matches = await verifyPassword(password, found?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    setPageHeaders(res, this.imageOrigin);
    if (!found || !matches || !password) {
      res
        .status(HttpStatus.UNAUTHORIZED)
        .type('html')
        .send(loginPage(returnUrl, 'That email and password did not match an account.', email));
      return;
    }
    res.setHeader('Set-Cookie', await this.sessions.open(found.customer));
    res.redirect(HttpStatus.SEE_OTHER, returnUrl);
  }

  @Post('account/logout')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('Set-Cookie', await this.sessions.close(req));
    res.redirect(HttpStatus.SEE_OTHER, '/');
  }
}
