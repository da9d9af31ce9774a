import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import Provider from 'oidc-provider';
import { CheckPasswordUseCase } from '../../users/check-password.use-case.js';
import { UserRepository } from '../../users/user.repository.js';
import { OAuthSettings } from '../oauth-settings.js';
import { ConnectorClientRepository } from '../connectors/connector-client.repository.js';
import { resolveConnectorScope } from '../connectors/connector-scope.js';
import { PartnerAppRepository } from '../partner-apps/partner-app.repository.js';
import { FULL_SCOPE } from '../scope-policy.js';
import { CsrfTokens } from './csrf.js';
import { GrantTeamRepository } from './grant-team.repository.js';
import { type AppContext, consentPage, errorPage, loginPage, teamPickerPage } from './pages.js';
import { setPageHeaders } from './page-headers.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

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
    private readonly apps: PartnerAppRepository,
    private readonly connectors: ConnectorClientRepository,
    private readonly users: UserRepository,
    private readonly grantTeams: GrantTeamRepository,
    private readonly passwords: CheckPasswordUseCase,
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
    const app = await this.appContext(interaction);
    if (interaction.prompt.name === 'login') {
      res
        .type('html')
        .send(loginPage({ ...app, action: `/oauth/interaction/${uid}/login`, csrf: this.csrf.issue(uid) }));
      return;
    }
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name !== 'consent' || !accountId) {
      res.status(400).type('html').send(errorPage('invalid_request', 'unexpected authorization step'));
      return;
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
    const teams = await this.users.teamsOf(accountId);
    if (teams.length === 0) {
      await this.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'the signed-in user belongs to no team' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const chosen = teams.length === 1 ? teams[0] : teams.find((candidate) => candidate.id === team);
    if (!chosen) {
      res.type('html').send(
        teamPickerPage({
          ...app,
          action: `/oauth/interaction/${uid}`,
          teams,
          ...(team !== undefined ? { error: 'Choose one of your teams.' } : {}),
        }),
      );
      return;
    }
    res.type('html').send(
      consentPage({
        ...app,
        action: `/oauth/interaction/${uid}/confirm`,
        csrf: this.csrf.issue(uid),
        team: chosen,
        scopes: (await this.requested(interaction)).scope.split(' '),
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
    setPageHeaders(res);
    if (!this.formAllowed(req, res, uid, body)) return;
    const interaction = await this.details(req, res, uid);
    if (!interaction) return;
    const signedIn = interaction.prompt.name === 'consent' ? interaction.session?.accountId : undefined;
    if (interaction.prompt.name !== 'login' && !signedIn) {
      res.status(400).type('html').send(errorPage('invalid_request', 'unexpected authorization step'));
      return;
    }
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    // The dashboard's password check, throttled per account and per address (CheckPasswordUseCase).
    const verdict = email ? await this.passwords.execute(email, password, req.ip) : ({ kind: 'wrong' } as const);
    if (verdict.kind !== 'valid') {
      const app = await this.appContext(interaction);
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
    setPageHeaders(res);
    if (!this.formAllowed(req, res, uid, body)) return;
    const interaction = await this.details(req, res, uid);
    if (!interaction) return;
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (interaction.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string') {
      res.status(400).type('html').send(errorPage('invalid_request', 'unexpected authorization step'));
      return;
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
    const teams = await this.users.teamsOf(accountId);
    const team = teams.find((candidate) => candidate.id === body.team);
    if (!team) {
      res.status(400).type('html').send(errorPage('invalid_request', 'choose one of your teams'));
      return;
    }
    const { resource, scope } = await this.requested(interaction);
    const grant = new this.provider.Grant({ accountId, clientId });
    grant.addResourceScope(resource, scope);
    const grantId = await grant.save();
    await this.grantTeams.record({ grantId, clientId, teamId: team.id, userId: accountId, scope });
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
    res
      .status(400)
      .type('html')
      .send(
        errorPage('invalid_request', 'this authorization session has expired or was opened elsewhere; start again'),
      );
    return null;
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
    res.status(403).type('html').send(errorPage('invalid_request', 'the form could not be verified; start again'));
    return false;
  }

  /**
   * What is being authorized: partner apps get the three partner scopes on `{base_url}`; a connector the scopes
   * its request named (checked again) on `{mcp_url}`.
   */
  private async requested(interaction: Interaction): Promise<{ resource: string; scope: string }> {
    const clientId = interaction.params.client_id;
    const connector = typeof clientId === 'string' ? await this.connectors.find(clientId) : null;
    if (!connector) return { resource: this.settings.baseUrl, scope: FULL_SCOPE };
    const requested = interaction.params.scope;
    const scope = resolveConnectorScope(typeof requested === 'string' ? requested : undefined);
    return { resource: this.settings.mcpUrl, scope: scope.ok ? scope.scope : 'mcp:read' };
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

  /** The app, where it sends the browser back to, and who is signed in. */
  private async appContext(interaction: Interaction): Promise<AppContext> {
    const redirectUri = interaction.params.redirect_uri;
    let redirectHost: string | null = null;
    try {
      if (typeof redirectUri === 'string') redirectHost = new URL(redirectUri).host || null;
    } catch {
      redirectHost = null;
    }
    const accountId = interaction.prompt.name === 'consent' ? interaction.session?.accountId : undefined;
    const user = accountId ? await this.users.findById(accountId) : null;
    return {
      appName: await this.appName(interaction),
      redirectHost,
      ...(user ? { account: { email: user.email, switchHref: `/oauth/interaction/${interaction.uid}?switch=1` } } : {}),
    };
  }

  private async appName(interaction: Interaction): Promise<string> {
    const clientId = interaction.params.client_id;
    const connector = typeof clientId === 'string' ? await this.connectors.find(clientId) : null;
    if (connector) return connector.name;
    const app = typeof clientId === 'string' ? await this.apps.find(clientId) : null;
    return app?.name ?? 'An app';
  }
}
