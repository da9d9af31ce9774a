import { Controller, Get, HttpStatus, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { Clock } from '@cps/domain';
import { SecretBox } from '@cps/persistence';
import { queryPairs, SignedRequests } from '../app-proxy/signed-requests.js';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { BrandAccess } from '../shops/brand-access.js';
import { ShopRepository } from '../shops/shop.repository.js';
import { type Shop } from '../shops/shop.js';
import { SettingsCookies } from './settings-cookie.js';
import { parseSettingsForm } from './settings-form.js';
import { messagePage, setSettingsHeaders, settingsPage, type SettingsView } from './settings-page.js';

const SESSION_SECONDS = 30 * 60;

/**
 * The merchant's settings page of a shop. A link signed like a proxied request (`/settings?shop&timestamp&signature`,
 * made by the storefront platform or `shop:connect`) opens a 30-minute session in an HttpOnly cookie and redirects
 * to the bare `/settings`; the form posts back with a CSRF token. No scripts.
 */
@Controller('settings')
@ApiExcludeController()
export class SettingsController {
  private readonly cookies: SettingsCookies;

  constructor(
    private readonly signed: SignedRequests,
    private readonly shops: ShopRepository,
    private readonly brands: BrandAccess,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(STOREFRONT_CONFIG) config: Pick<StorefrontProxyConfig, 'ENCRYPTION_KEY' | 'STOREFRONT_PUBLIC_URL'>,
  ) {
    this.cookies = new SettingsCookies(config.ENCRYPTION_KEY, {
      secure: config.STOREFRONT_PUBLIC_URL.startsWith('https:'),
      maxAgeSeconds: SESSION_SECONDS,
    });
  }

  @Get()
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    setSettingsHeaders(res);
    const pairs = queryPairs(req.originalUrl);
    if (pairs.some(([name]) => name === 'signature')) {
      const shop = await this.signed.shopOf(pairs, `${req.method} ${req.path}`).catch((error: unknown) => {
        if (error instanceof UnauthorizedException) return null;
        throw error;
      });
      if (!shop) return this.expired(res, HttpStatus.UNAUTHORIZED);
      res.setHeader('Set-Cookie', this.cookies.issue(shop.domain, this.clock.now()));
      res.redirect(HttpStatus.SEE_OTHER, '/settings');
      return;
    }
    const session = await this.session(req);
    if (!session) return this.expired(res);
    const saved = pairs.some(([name, value]) => name === 'saved' && value === '1');
    res
      .status(HttpStatus.OK)
      .type('html')
      .send(settingsPage(await this.view(session.shop, session.value, { saved })));
  }

  @Post()
  async save(@Req() req: Request, @Res() res: Response): Promise<void> {
    setSettingsHeaders(res);
    const session = await this.session(req);
    const form = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    if (!session || !this.cookies.verifyCsrf(session.value, form.csrf)) return this.expired(res);
    const parsed = parseSettingsForm(form);
    let errors = parsed.ok ? {} : parsed.errors;
    let apiKey: { sealed: string; teamId: string } | undefined;
    if (parsed.ok && parsed.value.apiKey !== null) {
      const teamId = await this.brands.verify(parsed.value.apiKey);
      if (teamId) apiKey = { sealed: this.box.seal(parsed.value.apiKey), teamId };
      else errors = { api_key: 'This API key is not valid.' };
    }
    if (!parsed.ok || Object.keys(errors).length > 0) {
      const shown = Object.fromEntries(
        Object.entries(form).filter(([name, value]) => name !== 'api_key' && typeof value === 'string'),
      ) as Record<string, string>;
      const view = await this.view(session.shop, session.value, { saved: false, form: shown, errors });
      res.status(HttpStatus.UNPROCESSABLE_ENTITY).type('html').send(settingsPage(view));
      return;
    }
    await this.shops.saveSettings(
      session.shop.domain,
      { apiKey, visibility: parsed.value.visibility, defaultTags: parsed.value.defaultTags },
      this.clock.now(),
    );
    res.redirect(HttpStatus.SEE_OTHER, '/settings?saved=1');
  }

  private async session(req: Request): Promise<{ shop: Shop; value: string } | null> {
    const cookie = this.cookies.read(req.headers.cookie, this.clock.now());
    const shop = cookie ? await this.shops.find(cookie.shop) : null;
    return cookie && shop ? { shop, value: cookie.value } : null;
  }

  private async view(shop: Shop, cookie: string, extra: Pick<SettingsView, 'saved' | 'form' | 'errors'>) {
    const teamId = await this.brands.teamOf(shop);
    const keyStatus: SettingsView['keyStatus'] = !shop.apiKeySealed ? 'none' : teamId ? 'active' : 'invalid';
    return { shop, keyStatus, csrf: this.cookies.csrfToken(cookie), ...extra };
  }

  private expired(res: Response, status = HttpStatus.FORBIDDEN): void {
    res
      .status(status)
      .type('html')
      .send(
        messagePage('Open the settings again', 'This settings page has expired. Open it again from your store admin.'),
      );
  }
}
