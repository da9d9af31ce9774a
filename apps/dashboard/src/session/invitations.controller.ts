import { randomBytes } from 'node:crypto';
import { Controller, Get, HttpException, Inject, Post, Req, Res } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { constantTimeEqual } from '@cps/persistence';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { FormBody, PathOf } from '../web/form-input.js';
import { attempt, sendPage } from '../web/refusals.js';
import { AcceptInvitationForm, InvitationPath } from './dto/session.dto.js';
import { invitationPage } from './invitation.view.js';
import { Sessions } from './sessions.js';
import { cookie, LOGIN_COOKIE, readCookie, SESSION_COOKIE } from './viewer.js';

/**
 * An invitation link (`/invitations/{token}`, made on the Team page): a new person chooses their password, someone
 * with a user already enters theirs; either way they join the team with the invited role and are signed in. The
 * form is protected like the sign-in form (double-submit cookie), the link's secret is checked by auth-server.
 */
@Controller('invitations')
export class InvitationsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: Sessions,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  @Get(':token')
  async show(@PathOf(InvitationPath) { token }: InvitationPath, @Res() res: Response) {
    const preview = await this.preview(token);
    this.render(res, 200, token, preview, null);
  }

  @Post(':token')
  async accept(
    @PathOf(InvitationPath) { token }: InvitationPath,
    @FormBody(AcceptInvitationForm) form: AcceptInvitationForm,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const preview = await this.preview(token);
    const expected = readCookie(req.headers.cookie, LOGIN_COOKIE);
    const presented = form.csrf;
    if (!expected || !presented || !constantTimeEqual(expected, presented)) {
      this.render(res, 403, token, preview, 'The form has expired. Try again.');
      return;
    }
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.acceptInvitation, { token, password: form.password }),
    );
    if (!result.ok) {
      this.render(res, 422, token, preview, `Not accepted: ${result.error}`);
      return;
    }
    const user = result.value;
    const team = user.teams.find((candidate) => candidate.name === preview.team_name) ?? user.teams[0]!;
    const secret = await this.sessions.create({ userId: user.user_id, email: user.email, teamId: team.team_id });
    res.setHeader('Set-Cookie', [
      cookie(this.config, SESSION_COOKIE, secret, this.config.SESSION_TTL_MINUTES * 60),
      cookie(this.config, LOGIN_COOKIE, '', 0),
    ]);
    res.redirect(303, '/');
  }

  /** 404 page (without detail) for an unknown, used or expired link. */
  private async preview(token: string): Promise<AuthContracts.InvitationPreview> {
    if (token.length > 200)
      throw new HttpException({ detail: 'This invitation link is unknown, used or expired.' }, 404);
    return this.rpc.request(AuthContracts.getInvitation, { token }).catch((error: unknown) => {
      if (error instanceof HttpException && error.getStatus() === 404) {
        throw new HttpException({ detail: 'This invitation link is unknown, used or expired.' }, 404);
      }
      throw error;
    });
  }

  private render(
    res: Response,
    status: number,
    token: string,
    preview: AuthContracts.InvitationPreview,
    error: string | null,
  ): void {
    const csrf = randomBytes(24).toString('base64url');
    res.setHeader('Set-Cookie', cookie(this.config, LOGIN_COOKIE, csrf, 30 * 60));
    sendPage(res, status, invitationPage(token, preview, csrf, error));
  }
}
