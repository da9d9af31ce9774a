import { Inject, Post, Req, Res } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CurrentViewer, OwnersOnly, type SignedInViewer } from '../session/viewer.js';
import { setFlash, takeFlash } from '../web/flash.js';
import { DashboardPage, FormQuery, NoticeQuery, ShowPage, Posted } from '../web/form-input.js';
import { attempt, sendPage } from '../web/refusals.js';
import { BrandingForm, InvitationForm, MemberPath, RoleForm, SharingForm } from './dto/team.dto.js';
import { ShowTeam } from './show-team.use-case.js';
import { teamPage } from './team.view.js';

/** Team: members and their roles (owners change them), invitations, the brand's profile (owners). */
@DashboardPage('team')
export class TeamController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
    private readonly team: ShowTeam,
  ) {}

  @ShowPage()
  async overview(
    @CurrentViewer() viewer: SignedInViewer,
    @FormQuery(NoticeQuery) query: NoticeQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const flash = takeFlash(req, res, this.config);
    const invited = flash?.kind === 'invitation' ? { email: flash.id, link: flash.text } : null;
    return teamPage(viewer, await this.team.execute(viewer.teamId), { notice: query.text }, invited);
  }

  /** An invitation link with a role (auth-server: owners only, 7 days, used once). */
  @Post('invitations')
  @OwnersOnly()
  async invite(@Posted({ form: InvitationForm }) { viewer, form }: Posted<InvitationForm>, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.createInvitation, {
        teamId: viewer.teamId,
        actorUserId: viewer.session.userId,
        email: form.email,
        role: form.role as AuthContracts.TeamRole,
      }),
    );
    if (!result.ok) {
      await this.refused(viewer, res, `Not invited: ${result.error}`);
      return;
    }
    const link = `${this.config.DASHBOARD_URL}/invitations/${result.value.token}`;
    setFlash(res, this.config, { kind: 'invitation', text: link, id: result.value.email });
    res.redirect(303, '/team');
  }

  @Post('members/:userId/role')
  @OwnersOnly()
  async setRole(
    @Posted({ form: RoleForm, path: MemberPath }) { viewer, userId, form }: Posted<RoleForm, MemberPath>,
    @Res() res: Response,
  ) {
    await this.change(viewer, res, 'Role', 'role_changed', () =>
      this.rpc.request(AuthContracts.setMemberRole, {
        teamId: viewer.teamId,
        actorUserId: viewer.session.userId,
        userId,
        role: form.role as AuthContracts.TeamRole,
      }),
    );
  }

  /** The member keeps their other teams; their sessions lose this one on their next request. */
  @Post('members/:userId/remove')
  @OwnersOnly()
  async remove(@Posted({ path: MemberPath }) { viewer, userId }: Posted<object, MemberPath>, @Res() res: Response) {
    await this.change(viewer, res, 'Member', 'member_removed', () =>
      this.rpc.request(AuthContracts.removeMember, {
        teamId: viewer.teamId,
        actorUserId: viewer.session.userId,
        userId,
      }),
    );
  }

  /** What shoppers see of the brand (auth-server's rules: a name of 1 to 100 characters, an https logo address). */
  @Post('branding')
  @OwnersOnly()
  async branding(@Posted({ form: BrandingForm }) { viewer, form }: Posted<BrandingForm>, @Res() res: Response) {
    await this.change(viewer, res, 'Branding', 'branding_saved', () =>
      this.rpc.request(AuthContracts.setTeamBranding, {
        teamId: viewer.teamId,
        displayName: form.display_name || null,
        logoUrl: form.logo_url || null,
      }),
    );
  }

  /**
   * The consent step's privacy link, the history window the brand asks for (0 to 3650 whole days) and the origins
   * a public link_url may return shoppers to.
   */
  @Post('sharing')
  @OwnersOnly()
  async sharing(@Posted({ form: SharingForm }) { viewer, form }: Posted<SharingForm>, @Res() res: Response) {
    const days = form.history_window_days;
    await this.change(viewer, res, 'Sharing', 'sharing_saved', () =>
      this.rpc.request(AuthContracts.setTeamSharing, {
        teamId: viewer.teamId,
        privacyPolicyUrl: form.privacy_policy_url || null,
        // Not a whole number: sent as it is (a string) and refused by auth-server with its message.
        historyWindowDays: /^\d+$/.test(days) ? Number(days) : (days as unknown as number),
        redirectOrigins: form.redirect_origins.split(/[\s,]+/).filter(Boolean),
      }),
    );
  }

  private async change(
    viewer: SignedInViewer,
    res: Response,
    what: string,
    noticeCode: string,
    request: () => Promise<unknown>,
  ): Promise<void> {
    const result = await attempt(request);
    if (!result.ok) {
      await this.refused(viewer, res, `${what} not saved: ${result.error}`);
      return;
    }
    res.redirect(303, `/team?notice=${noticeCode}`);
  }

  /** The Team page again with a refusal (422). */
  private async refused(viewer: SignedInViewer, res: Response, error: string): Promise<void> {
    const view = await this.team.execute(viewer.teamId);
    sendPage(res, 422, teamPage(viewer, view, { error }));
  }
}
