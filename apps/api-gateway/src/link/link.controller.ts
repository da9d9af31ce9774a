import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Get,
  HttpException,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  ServiceUnavailableException,
  UseFilters,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import { checkRedirectUrl, isHistoryWindowChoice, linkExitUrl, redirectAllowed, type LinkResult } from '@cps/domain';
import { PublicAccess } from '../auth/access-policy.js';
import { setLinkPageHeaders } from './link-page-headers.js';
import { LinkPageFilter, RetailerNotAvailable } from './link-page.filter.js';
import { messagePage, pageFor } from './link-pages.js';
import { BrandNames } from './brand-names.js';
import { LinkSessions, type LinkEntry, type LinkSessionView } from './link-sessions.js';
import { LinkSite } from './link-site.js';
import {
  CodeForm,
  ConsentForm,
  isLinkId,
  LinkUrlQuery,
  parseForm,
  RetailerForm,
  SignInForm,
  TokenEntryQuery,
} from './dto/link-forms.dto.js';
import { lastValues } from '../http/validation.pipe.js';

/**
 * The hosted link flow at `{base_url}/link`. The first request (a link token URL, a retailer's link_url)
 * opens a session in sync-service and trades the token for an HttpOnly cookie, then redirects to the bare
 * `/link`, so no token stays in the address bar, history or referrers. Every page is GET `/link`, rendered
 * from the session's state; every step is a CSRF-protected form POST answered with a redirect back to it.
 */
@Controller('link')
@PublicAccess()
@UseFilters(LinkPageFilter)
export class LinkController {
  constructor(
    private readonly sessions: LinkSessions,
    private readonly site: LinkSite,
    private readonly brands: BrandNames,
  ) {}

  /** `/link?link_token=...&redirect_url=...[&connection_id=...]` starts; bare `/link` shows the current step. */
  @Get()
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    const query = parseForm(TokenEntryQuery, lastValues(req.query), 'The link is malformed.');
    if (query.link_token !== undefined) {
      const entry: LinkEntry = { kind: 'link_token', linkToken: query.link_token, connectionId: query.connection_id };
      return this.start(res, entry, query.redirect_url);
    }
    if (query.connection_id !== undefined) {
      throw new BadRequestException({ detail: 'Re-authenticating a connection needs a link token.' });
    }
    const sessionId = this.site.cookies.read(req.headers.cookie, new Date());
    if (!sessionId) throw new NotFoundException({ detail: 'no link session' });
    await this.render(res, await this.withAllowedRedirect(await this.sessions.get(sessionId)), sessionId);
  }

  /**
   * The session as the pages use it: a `redirect_url` a retailer's public `link_url` was given is dropped unless its
   * origin is one the brand registered (anyone can append one to a public link); the flow then ends on a page.
   */
  private async withAllowedRedirect(view: LinkSessionView): Promise<LinkSessionView> {
    if (!view.redirect_url || view.entry !== 'link_url') return view;
    const origins = (await this.brands.profileOf(view.team_id))?.redirectOrigins ?? [];
    return redirectAllowed(view.entry, view.redirect_url, origins) ? view : { ...view, redirect_url: null };
  }

  /**
   * Where the success page sends the browser by itself (a meta refresh: no script): leaves a linked session like
   * the exit does. Any other state goes back to the current page, so a stray visit changes nothing.
   */
  @Get('done')
  async done(@Req() req: Request, @Res() res: Response): Promise<void> {
    const sessionId = this.site.cookies.read(req.headers.cookie, new Date());
    if (!sessionId) throw new NotFoundException({ detail: 'no link session' });
    if ((await this.sessions.get(sessionId)).state !== 'succeeded') return this.backToPage(res);
    await this.leave(res, sessionId);
  }

  /** A retailer's `link_url`: works whatever the retailer's visibility. */
  @Get(':link_id')
  async retailerLink(@Param('link_id') linkId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!isLinkId(linkId)) throw new NotFoundException({ detail: 'unknown link' });
    const query = parseForm(LinkUrlQuery, lastValues(req.query), 'The link is malformed.');
    const entry: LinkEntry = { kind: 'link_url', linkId, customerId: query.customer_id, email: query.email };
    return this.start(res, entry, query.redirect_url);
  }

  /** Picks a retailer (empty: back to the list), or retries after a retryable error. */
  @Post('retailer')
  chooseRetailer(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.step(req, res, RetailerForm, 'The form is malformed.', async (sessionId, form) => {
      try {
        await this.sessions.chooseRetailer(sessionId, form.retailer_id === '' ? null : form.retailer_id);
      } catch (error) {
        // A retailer the shopper may not pick: the session itself is fine, keep it.
        if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) {
          throw new RetailerNotAvailable();
        }
        throw error;
      }
    });
  }

  /** The consent step: what the brand may see (the history window), before the retailer sign-in. */
  @Post('consent')
  consent(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.step(req, res, ConsentForm, 'Choose what you share.', async (sessionId, form) => {
      const view = await this.sessions.get(sessionId);
      const brand = await this.brands.profileOf(view.team_id);
      if (!brand) throw new ServiceUnavailableException({ detail: 'brand profile unavailable' });
      if (!isHistoryWindowChoice(brand.historyWindowDays, form.history_window_days)) {
        throw new BadRequestException({ detail: 'Choose one of the options on the page.' });
      }
      await this.sessions.consent(sessionId, form.history_window_days, brand.historyWindowDays);
    });
  }

  @Post('sign-in')
  signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.step(req, res, SignInForm, 'Enter your email and password.', (sessionId, form) =>
      this.sessions.signIn(sessionId, form.email, form.password),
    );
  }

  @Post('code')
  code(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.step(req, res, CodeForm, 'Enter the code you received.', (sessionId, form) =>
      this.sessions.submitCode(sessionId, form.code),
    );
  }

  /**
   * Leaves the flow: back to `redirect_url` with `link_result` (`success` once linked, `error` after an
   * error that cannot be retried, `cancelled` otherwise) and `connection_id` when there is one.
   */
  @Post('exit')
  async exit(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.leave(res, this.postedSession(req));
  }

  private async leave(res: Response, sessionId: string): Promise<void> {
    const view = await this.withAllowedRedirect(await this.sessions.cancel(sessionId));
    const result: LinkResult =
      view.state === 'succeeded' ? 'success' : view.state === 'error' && !view.error?.retryable ? 'error' : 'cancelled';
    res.setHeader('Set-Cookie', this.site.cookies.clear());
    setLinkPageHeaders(res, view.redirect_url);
    if (view.redirect_url) {
      res.redirect(HttpStatus.SEE_OTHER, linkExitUrl(view.redirect_url, result, view.connection_id));
      return;
    }
    const page =
      result === 'success'
        ? messagePage('Your account is linked', 'You can close this window.')
        : messagePage('Nothing was linked', 'You can close this window.');
    res.status(HttpStatus.OK).type('html').send(page);
  }

  private async start(res: Response, entry: LinkEntry, redirectUrl: string | undefined): Promise<void> {
    let redirect: string | null = null;
    if (redirectUrl !== undefined) {
      const checked = checkRedirectUrl(redirectUrl);
      if (!checked.ok) throw new BadRequestException({ detail: `The link is malformed: ${checked.reason}.` });
      redirect = checked.url;
    }
    const started = await this.sessions.start(entry, redirect);
    res.setHeader('Set-Cookie', this.site.cookies.issue(started.sessionId, new Date()));
    this.backToPage(res);
  }

  /** A step's form post: its session (postedSession), its form (400 with `problem` when malformed), then the page. */
  private async step<T extends object>(
    req: Request,
    res: Response,
    form: new () => T,
    problem: string,
    apply: (sessionId: string, form: T) => Promise<unknown>,
  ): Promise<void> {
    const sessionId = this.postedSession(req);
    await apply(sessionId, parseForm(form, req.body, problem));
    this.backToPage(res);
  }

  /** The session of a form post: a valid cookie, a matching CSRF token, and (when known) our own Origin. */
  private postedSession(req: Request): string {
    // Browsers send `Origin: null` when a referrer policy hides it: then the CSRF token alone decides.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== 'null' && !this.sameSite(origin, req.headers.host)) {
      throw new ForbiddenException({ detail: 'cross-site' });
    }
    const sessionId = this.site.cookies.read(req.headers.cookie, new Date());
    const csrf = (req.body as Record<string, unknown> | undefined)?.csrf;
    if (!sessionId || !this.site.cookies.verifyCsrf(sessionId, csrf)) {
      throw new ForbiddenException({ detail: 'invalid session' });
    }
    return sessionId;
  }

  /** The gateway's public origin, or the host the request was sent to (a local run opened by IP address). */
  private sameSite(origin: string, host: string | undefined): boolean {
    if (origin === this.site.origin) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false;
    }
  }

  /** Post/redirect/get: a reload never resubmits a password or a code. */
  private backToPage(res: Response): void {
    setLinkPageHeaders(res);
    res.redirect(HttpStatus.SEE_OTHER, this.site.startPath);
  }

  private async render(res: Response, view: LinkSessionView, sessionId: string): Promise<void> {
    setLinkPageHeaders(res, view.redirect_url);
    const brand = await this.brands.profileOf(view.team_id);
    const atConsent = view.state === 'sign_in' && view.history_window_days === null;
    // The consent step names the window the brand asks for: without it, no page rather than a wrong one.
    if (atConsent && !brand) throw new ServiceUnavailableException({ detail: 'brand profile unavailable' });
    const html = pageFor(view, {
      basePath: this.site.basePath,
      csrf: this.site.cookies.csrfToken(sessionId),
      brandName: brand?.name ?? null,
      brandLogoUrl: brand?.logoUrl ?? null,
      reauthentication: await this.sessions.isReauthentication(view),
      sharing: brand
        ? { offeredHistoryWindowDays: brand.historyWindowDays, privacyPolicyUrl: brand.privacyPolicyUrl }
        : undefined,
    });
    res.status(HttpStatus.OK).type('html').send(html);
  }
}
