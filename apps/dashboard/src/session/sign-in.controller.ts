import { randomBytes } from 'node:crypto';
import { Controller, Get, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { constantTimeEqual } from '@cps/persistence';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { FormBody, FormQuery, Posted } from '../web/form-input.js';
import { refusalText, sendPage } from '../web/refusals.js';
import { ModeForm, SignInForm, SignInQuery, TeamSwitchForm } from './dto/session.dto.js';
import { Sessions } from './sessions.js';
import { signInPage } from './sign-in.view.js';
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
  signInPage(@FormQuery(SignInQuery) query: SignInQuery, @Res() res: Response) {
    this.renderSignIn(res, 200, query);
  }

  @Post('sign-in')
  async signIn(
    @FormBody(SignInForm) form: SignInForm,
    @FormQuery(SignInQuery) query: SignInQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const expected = readCookie(req.headers.cookie, LOGIN_COOKIE);
    const presented = form.csrf;
    const email = form.email;
    if (!expected || !presented || !constantTimeEqual(expected, presented)) {
      this.renderSignIn(res, 403, query, email, 'The form has expired. Try again.');
      return;
    }
    const password = form.password;
    if (!email || !password || email.length > 254 || password.length > 256) {
      this.renderSignIn(res, 422, query, email, 'Enter your email and password.');
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
      this.renderSignIn(res, user.getStatus(), query, email, locked ? refusalText(user) : 'Wrong email or password.');
      return;
    }
    if (user.teams.length === 0) {
      this.renderSignIn(res, 403, query, email, 'Your user is not a member of any team.');
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
  mode(@FormBody(ModeForm) form: ModeForm, @Req() req: Request, @Res() res: Response) {
    const test = form.test === '1';
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
  async switchTeam(@Posted({ form: TeamSwitchForm }) { viewer, form }: Posted<TeamSwitchForm>, @Res() res: Response) {
    const team = viewer.teams.find((candidate) => candidate.team_id === form.team_id);
    if (!team) throw new HttpException({ detail: 'You are not a member of that team.' }, 404);
    await this.sessions.switchTeam(viewer.session, team.team_id);
    res.redirect(303, '/');
  }

  private renderSignIn(res: Response, status: number, query: SignInQuery, email = '', error: string | null = null) {
    const csrf = randomBytes(24).toString('base64url');
    res.setHeader('Set-Cookie', cookie(this.config, LOGIN_COOKIE, csrf, 30 * 60));
    sendPage(res, status, signInPage(csrf, email, error, query.signed_out === '1'));
  }
}
