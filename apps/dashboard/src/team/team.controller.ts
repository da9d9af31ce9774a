import { Post, Res } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { type Response } from 'express';
import { OwnersOnly } from '../session/viewer.js';
import { setFlash } from '../web/flash.js';
import { DashboardPage, Posted } from '../web/form-input.js';
import { TeamPage } from '../web/team-page.js';
import { BrandingForm, InvitationForm, MemberPath, RoleForm, SharingForm } from './dto/team.dto.js';
import { ShowTeam } from './show-team.use-case.js';
import { teamPage } from './team.view.js';

/** Team: members and their roles (owners change them), invitations, the brand's profile (owners). */
@DashboardPage('team')
export class TeamController extends TeamPage(ShowTeam, teamPage, (flash) =>
  flash.kind === 'invitation' ? { email: flash.id, link: flash.text } : null,
) {
  /** An invitation link with a role (auth-server: owners only, 7 days, used once). */
  @Post('invitations')
  @OwnersOnly()
  async invite(@Posted({ form: InvitationForm }) { viewer, form }: Posted<InvitationForm>, @Res() res: Response) {
    const invited = await this.refusing(viewer, res, 'Not invited', () =>
      this.rpc.request(AuthContracts.createInvitation, {
        teamId: viewer.teamId,
        actorUserId: viewer.session.userId,
        email: form.email,
        role: form.role as AuthContracts.TeamRole,
      }),
    );
    if (!invited) return;
    const link = `${this.config.DASHBOARD_URL}/invitations/${invited.value.token}`;
    setFlash(res, this.config, { kind: 'invitation', text: link, id: invited.value.email });
    res.redirect(303, '/team');
  }

  @Post('members/:userId/role')
  @OwnersOnly()
  async setRole(
    @Posted({ form: RoleForm, path: MemberPath }) { viewer, userId, form }: Posted<RoleForm, MemberPath>,
    @Res() res: Response,
  ) {
    await this.change(viewer, res, { done: '/team?notice=role_changed', refusal: 'Role not saved' }, () =>
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
    await this.change(viewer, res, { done: '/team?notice=member_removed', refusal: 'Member not saved' }, () =>
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
    await this.change(viewer, res, { done: '/team?notice=branding_saved', refusal: 'Branding not saved' }, () =>
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
    await this.change(viewer, res, { done: '/team?notice=sharing_saved', refusal: 'Sharing not saved' }, () =>
      this.rpc.request(AuthContracts.setTeamSharing, {
        teamId: viewer.teamId,
        privacyPolicyUrl: form.privacy_policy_url || null,
        // Not a whole number: sent as it is (a string) and refused by auth-server with its message.
        historyWindowDays: /^\d+$/.test(days) ? Number(days) : (days as unknown as number),
        redirectOrigins: form.redirect_origins.split(/[\s,]+/).filter(Boolean),
      }),
    );
  }
}
