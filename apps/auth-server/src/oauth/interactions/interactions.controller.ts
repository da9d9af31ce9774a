import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import Provider from 'oidc-provider';
import { OAuthSettings } from '../oauth-settings.js';
import { ChooseGrantTeamUseCase } from './choose-grant-team.use-case.js';
import { CsrfTokens } from './csrf.js';
import { DescribeInteractionUseCase } from './describe-interaction.use-case.js';
import { GrantConsentUseCase } from './grant-consent.use-case.js';
import { type Interaction } from './interaction.js';
import { consentPage, errorPage, loginPage, teamPickerPage } from './pages.js';
import { setPageHeaders } from './page-headers.js';
import { SignInInteractionUseCase } from './sign-in-interaction.use-case.js';

/**
 * The pages oidc-provider sends the browser to: sign-in (dashboard users), the team picker (only for users
 * in more than one team) and consent. Every POST carries the interaction's CSRF token and must come from
 * our own origin.
 */
@Controller('oauth/interaction')
export class InteractionsController {
  private readonly csrf: CsrfTokens;

  constructor(
    private readonly provider: Provider,
    private readonly settings: OAuthSettings,
    private readonly describe: DescribeInteractionUseCase,
    private readonly chooseTeam: ChooseGrantTeamUseCase,
    private readonly signIn: SignInInteractionUseCase,
    private readonly grantConsent: GrantConsentUseCase,
  ) {
    this.csrf = new CsrfTokens(settings.cookieKeys[0]!);
  }

  @Get(':uid')
  async show(
    @Param('uid') uid: string,
    @Query('team') team: unknown,
    @Query('switch') switchAccount: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    setPageHeaders(res);
    const interaction = await this.details(req, res, uid);
    if (!interaction) return;
    const app = await this.describe.execute(interaction);
    if (interaction.prompt.name === 'login') {
      res
        .type('html')
        .send(loginPage({ ...app, action: `/oauth/interaction/${uid}/login`, csrf: this.csrf.issue(uid) }));
      return;
    }
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name !== 'consent' || !accountId) {
      return refuse(res, 400, 'unexpected authorization step');
    }
    if (switchAccount !== undefined && app.account) {
      // "Use another account": the sign-in form again; the signed-in user stays until someone else signs in.
      res.type('html').send(
        loginPage({
          ...app,
          action: `/oauth/interaction/${uid}/login`,
          csrf: this.csrf.issue(uid),
          switching: { email: app.account.email, cancelHref: `/oauth/interaction/${uid}` },
        }),
      );
      return;
    }
    const choice = await this.chooseTeam.execute(interaction, accountId, team);
    if (choice.kind === 'no_team') {
      await this.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'the signed-in user belongs to no team' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (choice.kind === 'pick') {
      res.type('html').send(
        teamPickerPage({
          ...app,
          action: `/oauth/interaction/${uid}`,
          teams: choice.teams,
          ...(choice.error !== undefined ? { error: choice.error } : {}),
        }),
      );
      return;
    }
    res.type('html').send(
      consentPage({
        ...app,
        action: `/oauth/interaction/${uid}/confirm`,
        csrf: this.csrf.issue(uid),
        team: choice.team,
        scopes: choice.scopes,
      }),
    );
  }

  @Post(':uid/login')
  async login(
    @Param('uid') uid: string,
    @Body() body: Record<string, unknown> | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const interaction = await this.posted(req, res, uid, body);
    if (!interaction || !body) return;
    const signedIn = interaction.prompt.name === 'consent' ? interaction.session?.accountId : undefined;
    if (interaction.prompt.name !== 'login' && !signedIn) {
      return refuse(res, 400, 'unexpected authorization step');
    }
    const { email, verdict } = await this.signIn.execute(body, req.ip);
    if (verdict.kind !== 'valid') {
      const app = await this.describe.execute(interaction);
      if (verdict.kind === 'locked') res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
      res
        .status(verdict.kind === 'locked' ? 429 : 401)
        .type('html')
        .send(
          loginPage({
            ...app,
            action: `/oauth/interaction/${uid}/login`,
            csrf: this.csrf.issue(uid),
            email,
            error: verdict.kind === 'locked' ? verdict.message : 'Wrong email or password.',
            ...(app.account
              ? { switching: { email: app.account.email, cancelHref: `/oauth/interaction/${uid}` } }
              : {}),
          }),
        );
      return;
    }
    if (signedIn) {
      await this.switchAccount(req, res, interaction, verdict.userId);
      res.redirect(303, `/oauth/interaction/${uid}`);
      return;
    }
    await this.provider.interactionFinished(
      req,
      res,
      { login: { accountId: verdict.userId } },
      { mergeWithLastSubmission: false },
    );
  }

  @Post(':uid/confirm')
  async confirm(
    @Param('uid') uid: string,
    @Body() body: Record<string, unknown> | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const interaction = await this.posted(req, res, uid, body);
    if (!interaction || !body) return;
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (interaction.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string') {
      return refuse(res, 400, 'unexpected authorization step');
    }
    if (body.decision !== 'allow') {
      await this.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'the user denied the authorization' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grantId = await this.grantConsent.execute(interaction, accountId, clientId, body.team);
    if (grantId === null) {
      return refuse(res, 400, 'choose one of your teams');
    }
    await this.provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /** The interaction bound to this browser's cookie; an error page when it is missing, expired or not this uid. */
  private async details(req: Request, res: Response, uid: string): Promise<Interaction | null> {
    try {
      const interaction = await this.provider.interactionDetails(req, res);
      if (interaction.uid === uid) return interaction;
    } catch {
      // fall through to the error page
    }
    refuse(res, 400, 'this authorization session has expired or was opened elsewhere; start again');
    return null;
  }

  /** The interaction a form posts to, once the form is verified (an error page otherwise). */
  private async posted(
    req: Request,
    res: Response,
    uid: string,
    body: Record<string, unknown> | undefined,
  ): Promise<Interaction | null> {
    setPageHeaders(res);
    if (!this.formAllowed(req, res, uid, body)) return null;
    return this.details(req, res, uid);
  }

  /** `body` is undefined when the request has no form body at all (no or another content type). */
  private formAllowed(
    req: Request,
    res: Response,
    uid: string,
    body: Record<string, unknown> | undefined,
  ): body is Record<string, unknown> {
    const origin = req.headers.origin;
    const sameOrigin = origin === undefined || origin === new URL(this.settings.issuer).origin;
    if (sameOrigin && this.csrf.verify(uid, body?.csrf)) return true;
    refuse(res, 403, 'the form could not be verified; start again');
    return false;
  }

  /**
   * "Use another account" while consent is pending: the browser's session (and this interaction's copy of it)
   * now belong to `accountId`, with the previous user's authorizations of other clients dropped. oidc-provider's
   * own way (a login result for another account) needs RP-initiated logout and a scripted form post, which
   * these pages do not allow.
   */
  private async switchAccount(req: Request, res: Response, interaction: Interaction, accountId: string): Promise<void> {
    // The browser's session, by its cookie (the adapter keeps only a hash of session ids, so it cannot be saved
    // when found by uid).
    const context = (this.provider as unknown as { createContext(req: Request, res: Response): object }).createContext(
      req,
      res,
    );
    const session = await this.provider.Session.get(context as Parameters<Provider['Session']['get']>[0]);
    if (session.uid !== interaction.session?.uid || typeof session.exp !== 'number') {
      throw new Error("the browser session is not the interaction's");
    }
    session.loginAccount({ accountId });
    session.authorizations = {};
    await session.persist();
    interaction.session = { ...interaction.session, accountId };
    // The sign-in result consent is merged with names the account too (else oidc-provider sees a principal change).
    const last = interaction.lastSubmission;
    if (last?.login) interaction.lastSubmission = { ...last, login: { ...last.login, accountId } };
    await interaction.persist();
  }
}

/** The error page of a request these pages cannot take (`invalid_request`), with its status. */
function refuse(res: Response, status: number, description: string): void {
  res.status(status).type('html').send(errorPage('invalid_request', description));
}
