import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import Provider from 'oidc-provider';
import { UserRepository } from '../../users/user.repository.js';
import { verifyPassword } from '@cps/persistence';
import { OAuthSettings } from '../oauth-settings.js';
import { PartnerAppRepository } from '../partner-apps/partner-app.repository.js';
import { FULL_SCOPE } from '../scope-policy.js';
import { CsrfTokens } from './csrf.js';
import { GrantTeamRepository } from './grant-team.repository.js';
import { consentPage, errorPage, loginPage, teamPickerPage } from './pages.js';
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
  // A fixed, valid hash so unknown emails cost as much as wrong passwords.
  private readonly decoyHash = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

  constructor(
    private readonly provider: Provider,
    private readonly settings: OAuthSettings,
    private readonly apps: PartnerAppRepository,
    private readonly users: UserRepository,
    private readonly grantTeams: GrantTeamRepository,
  ) {
    this.csrf = new CsrfTokens(settings.cookieKeys[0]!);
  }

  @Get(':uid')
  async show(@Param('uid') uid: string, @Query('team') team: unknown, @Req() req: Request, @Res() res: Response) {
    setPageHeaders(res);
    const interaction = await this.details(req, res, uid);
    if (!interaction) return;
    const appName = await this.appName(interaction);
    if (interaction.prompt.name === 'login') {
      res
        .type('html')
        .send(loginPage({ action: `/oauth/interaction/${uid}/login`, csrf: this.csrf.issue(uid), appName }));
      return;
    }
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name !== 'consent' || !accountId) {
      res.status(400).type('html').send(errorPage('invalid_request', 'unexpected authorization step'));
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
          action: `/oauth/interaction/${uid}`,
          appName,
          teams,
          ...(team !== undefined ? { error: 'Choose one of your teams.' } : {}),
        }),
      );
      return;
    }
    res.type('html').send(
      consentPage({
        action: `/oauth/interaction/${uid}/confirm`,
        csrf: this.csrf.issue(uid),
        appName,
        team: chosen,
        scopes: FULL_SCOPE.split(' '),
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
    if (interaction.prompt.name !== 'login') {
      res.status(400).type('html').send(errorPage('invalid_request', 'unexpected authorization step'));
      return;
    }
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const user = email ? await this.users.findByEmail(email) : null;
    const valid = await verifyPassword(password, user?.passwordHash ?? this.decoyHash);
    if (!user || !valid) {
      res
        .status(401)
        .type('html')
        .send(
          loginPage({
            action: `/oauth/interaction/${uid}/login`,
            csrf: this.csrf.issue(uid),
            appName: await this.appName(interaction),
            email,
            error: 'Wrong email or password.',
          }),
        );
      return;
    }
    await this.provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id } },
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
    const grant = new this.provider.Grant({ accountId, clientId });
    grant.addResourceScope(this.settings.baseUrl, FULL_SCOPE);
    const grantId = await grant.save();
    await this.grantTeams.record({ grantId, clientId, teamId: team.id, userId: accountId, scope: FULL_SCOPE });
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

  private async appName(interaction: Interaction): Promise<string> {
    const clientId = interaction.params.client_id;
    const app = typeof clientId === 'string' ? await this.apps.find(clientId) : null;
    return app?.name ?? 'An app';
  }
}
