import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { constantTimeEqual } from '@cps/persistence';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { html } from '../web/html.js';
import { plainPage } from '../web/layout.js';
import { refusalText } from '../web/refusals.js';
import { Sessions } from './sessions.js';
import {
  AnyMember,
  cookie,
  CurrentViewer,
  LOGIN_COOKIE,
  MODE_COOKIE,
  readCookie,
  SESSION_COOKIE,
  SignedIn,
  type SignedInViewer,
} from './viewer.js';

type Form = Record<string, unknown> | undefined;
const text = (form: Form, name: string) => (typeof form?.[name] === 'string' ? (form[name] as string) : '');

/** Sign-in with a platform user (auth-server checks the password), sign-out, and the team switcher. */
@Controller()
export class SignInController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: Sessions,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  /**
   * The sign-in form. Its CSRF token is a random value also set in a short-lived cookie (double submit): another
   * site can post the form but cannot read or set the cookie, so it cannot sign a victim in to its own account.
   */
  @Get('sign-in')
  signInPage(@Res() res: Response) {
    this.renderSignIn(res, 200);
  }

  @Post('sign-in')
  async signIn(@Body() form: Form, @Req() req: Request, @Res() res: Response) {
    const expected = readCookie(req.headers.cookie, LOGIN_COOKIE);
    const presented = text(form, 'csrf');
    const email = text(form, 'email').trim();
    if (!expected || !presented || !constantTimeEqual(expected, presented)) {
      this.renderSignIn(res, 403, email, 'The form has expired. Try again.');
      return;
    }
    const password = text(form, 'password');
    if (!email || !password || email.length > 254 || password.length > 256) {
      this.renderSignIn(res, 422, email, 'Enter your email and password.');
      return;
    }
    // auth-server throttles failures per account and per address: 429 says how long to wait.
    const address = req.ip ?? req.socket.remoteAddress;
    const user = await this.rpc
      .request(AuthContracts.signInUser, { email, password, ...(address ? { address } : {}) })
      .catch((error: unknown) => {
        if (error instanceof HttpException && [401, 429].includes(error.getStatus())) return error;
        throw error;
      });
    if (user instanceof HttpException) {
      const locked = user.getStatus() === 429;
      this.renderSignIn(res, user.getStatus(), email, locked ? refusalText(user) : 'Wrong email or password.');
      return;
    }
    if (user.teams.length === 0) {
      this.renderSignIn(res, 403, email, 'Your user is not a member of any team.');
      return;
    }
    const secret = await this.sessions.create({
      userId: user.user_id,
      email: user.email,
      teamId: user.teams[0]!.team_id,
    });
    res.setHeader('Set-Cookie', [
      cookie(this.config, SESSION_COOKIE, secret, this.config.SESSION_TTL_MINUTES * 60),
      cookie(this.config, LOGIN_COOKIE, '', 0),
    ]);
    res.redirect(303, '/');
  }

  @Post('sign-out')
  @UseGuards(SignedIn)
  @AnyMember()
  async signOut(@CurrentViewer() viewer: SignedInViewer, @Res() res: Response) {
    await this.sessions.end(viewer.session);
    res.setHeader('Set-Cookie', cookie(this.config, SESSION_COOKIE, '', 0));
    res.redirect(303, '/sign-in?signed_out=1');
  }

  /** Test mode on or off (a cookie of this browser); back to the page it was switched on. */
  @Post('mode')
  @UseGuards(SignedIn)
  @AnyMember()
  mode(@Body() form: Form, @Req() req: Request, @Res() res: Response) {
    const test = text(form, 'test') === '1';
    res.setHeader(
      'Set-Cookie',
      cookie(this.config, MODE_COOKIE, test ? 'test' : 'live', this.config.SESSION_TTL_MINUTES * 60),
    );
    const from = req.headers.referer ? new URL(req.headers.referer, this.config.DASHBOARD_URL) : null;
    const back = from && from.origin === new URL(this.config.DASHBOARD_URL).origin ? from.pathname : '/';
    res.redirect(303, back);
  }

  /** The team switcher: only a team the user belongs to (the guard has just read their teams). */
  @Post('team')
  @UseGuards(SignedIn)
  @AnyMember()
  async switchTeam(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const team = viewer.teams.find((candidate) => candidate.team_id === text(form, 'team_id'));
    if (!team) throw new HttpException({ detail: 'You are not a member of that team.' }, 404);
    await this.sessions.switchTeam(viewer.session, team.team_id);
    res.redirect(303, '/');
  }

  private renderSignIn(res: Response, status: number, email = '', error: string | null = null): void {
    const csrf = randomBytes(24).toString('base64url');
    res.setHeader('Set-Cookie', cookie(this.config, LOGIN_COOKIE, csrf, 30 * 60));
    const signedOut = res.req.query.signed_out === '1';
    res
      .status(status)
      .type('html')
      .send(
        plainPage(
          {
            title: 'Sign in to your brand dashboard',
            error,
            notice: signedOut && !error ? 'You are signed out.' : null,
          },
          html`<form method="post" action="/sign-in">
            <input type="hidden" name="csrf" value="${csrf}" />
            <label for="email">Email</label
            ><input id="email" name="email" type="email" autocomplete="username" required value="${email}" />
            <label for="password">Password</label
            ><input id="password" name="password" type="password" autocomplete="current-password" required />
            <div class="actions"><button type="submit">Sign in</button></div>
          </form>`,
        ),
      );
  }
}
