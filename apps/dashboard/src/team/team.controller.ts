import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { roleAllows } from '@cps/domain';
import { RpcClient } from '@cps/messaging';
import { type Request, type Response } from 'express';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CurrentViewer, OwnersOnly, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { setFlash, takeFlash } from '../web/flash.js';
import { field, notice, when, type Form } from '../web/forms.js';
import { html, table, type Html } from '../web/html.js';
import { buttonForm, csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';

const ROLE_NAMES: Record<AuthContracts.TeamRole, string> = {
  owner: 'Owner: everything, including people and brand',
  developer: 'Developer: API keys, webhooks, apps and settings',
  viewer: 'Viewer: reads everything, changes nothing',
};

function roleOf(form: Form): AuthContracts.TeamRole {
  const role = field(form, 'role');
  return AuthContracts.TEAM_ROLES.find((known) => known === role) ?? ('' as AuthContracts.TeamRole);
}

/** Team: members and their roles (owners change them), invitations, the brand's profile (owners). */
@Controller('team')
@UseGuards(SignedIn)
export class TeamController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  @Get()
  async overview(
    @CurrentViewer() viewer: SignedInViewer,
    @Query() query: Form,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const flash = takeFlash(req, res, this.config);
    const invitation =
      flash?.kind === 'invitation'
        ? html`<div class="secret" role="status">
            <p><strong>Invitation created.</strong> Send this link to ${flash.id}; it works once, for 7 days:</p>
            <p><code id="invitation-link">${flash.text}</code></p>
            <button type="button" class="secondary" data-copy="invitation-link">Copy</button>
          </div>`
        : null;
    res.type('html').send(await this.render(viewer, notice(query), null, invitation));
  }

  /** An invitation link with a role (auth-server: owners only, 7 days, used once). */
  @Post('invitations')
  @OwnersOnly()
  async invite(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.createInvitation, {
        teamId: viewer.teamId,
        actorUserId: viewer.session.userId,
        email: field(form, 'email'),
        role: roleOf(form),
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, null, `Not invited: ${result.error}`));
      return;
    }
    const link = `${this.config.DASHBOARD_URL}/invitations/${result.value.token}`;
    setFlash(res, this.config, { kind: 'invitation', text: link, id: result.value.email });
    res.redirect(303, '/team');
  }

  @Post('members/:userId/role')
  @OwnersOnly()
  async setRole(
    @CurrentViewer() viewer: SignedInViewer,
    @Param('userId') userId: string,
    @Body() form: Form,
    @Res() res: Response,
  ) {
    await this.change(viewer, res, 'Role', 'role_changed', () =>
      this.rpc.request(AuthContracts.setMemberRole, {
        teamId: viewer.teamId,
        actorUserId: viewer.session.userId,
        userId,
        role: roleOf(form),
      }),
    );
  }

  /** The member keeps their other teams; their sessions lose this one on their next request. */
  @Post('members/:userId/remove')
  @OwnersOnly()
  async remove(@CurrentViewer() viewer: SignedInViewer, @Param('userId') userId: string, @Res() res: Response) {
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
  async branding(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    await this.change(viewer, res, 'Branding', 'branding_saved', () =>
      this.rpc.request(AuthContracts.setTeamBranding, {
        teamId: viewer.teamId,
        displayName: field(form, 'display_name') || null,
        logoUrl: field(form, 'logo_url') || null,
      }),
    );
  }

  /**
   * The consent step's privacy link, the history window the brand asks for (0 to 3650 whole days) and the origins
   * a public link_url may return shoppers to.
   */
  @Post('sharing')
  @OwnersOnly()
  async sharing(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const days = field(form, 'history_window_days');
    await this.change(viewer, res, 'Sharing', 'sharing_saved', () =>
      this.rpc.request(AuthContracts.setTeamSharing, {
        teamId: viewer.teamId,
        privacyPolicyUrl: field(form, 'privacy_policy_url') || null,
        // Not a whole number: sent as it is (a string) and refused by auth-server with its message.
        historyWindowDays: /^\d+$/.test(days) ? Number(days) : (days as unknown as number),
        redirectOrigins: field(form, 'redirect_origins')
          .split(/[\s,]+/)
          .filter(Boolean),
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
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, null, `${what} not saved: ${result.error}`));
      return;
    }
    res.redirect(303, `/team?notice=${noticeCode}`);
  }

  private async render(
    viewer: SignedInViewer,
    noticeText: string | null,
    error: string | null,
    invitation: Html | null = null,
  ): Promise<string> {
    const [{ members }, profile, { invitations }] = await Promise.all([
      this.rpc.request(AuthContracts.listTeamMembers, { teamId: viewer.teamId }),
      this.rpc.request(AuthContracts.getTeam, { teamId: viewer.teamId }),
      this.rpc.request(AuthContracts.listInvitations, { teamId: viewer.teamId }),
    ]);
    const owner = roleAllows(viewer.role, 'managePeople');
    const roleSelect = (id: string, selected: string) =>
      html`<select id="${id}" name="role">
        ${AuthContracts.TEAM_ROLES.map(
          (role) =>
            html`<option value="${role}" ${role === selected ? html` selected` : ''}>${ROLE_NAMES[role]}</option>`,
        )}
      </select>`;
    return page(
      viewer,
      { title: 'Team', section: '/team', notice: noticeText, error },
      html`${invitation ?? ''}
        ${owner ? '' : html`<p class="card">You are a ${viewer.role} of this team: only owners change its people and brand.</p>`}
        <div class="card">
          <dl class="facts">
            <dt>Team</dt>
            <dd>${viewer.team.name}</dd>
            <dt>Team id</dt>
            <dd class="mono">${viewer.team.team_id}</dd>
          </dl>
        </div>
        <h2>Members</h2>
        <div class="card">
          ${table(
            ['Email', 'Role', 'Member since', html`<span class="muted">Change</span>`],
            members.map((member, index) => [
              member.email,
              member.role,
              when(member.joined_at),
              owner
                ? html`<form method="post" action="/team/members/${member.user_id}/role" class="inline">
                      ${csrfField(viewer)}<label for="role-${index}" class="check">Role of ${member.email}</label
                      >${roleSelect(`role-${index}`, member.role)}
                      <button type="submit" class="secondary" aria-label="Save role of ${member.email}">
                        Save role
                      </button>
                    </form>
                    ${buttonForm(viewer, `/team/members/${member.user_id}/remove`, {
                      label: 'Remove',
                      ariaLabel: `Remove ${member.email}`,
                      kind: 'danger',
                      confirm: `Remove ${member.email} from the team?`,
                    })}`
                : '',
            ]),
            undefined,
            'members',
          )}
        </div>
        <h2>Invitations</h2>
        <div class="card">
          ${
            invitations.length === 0
              ? html`<p>No open invitations.</p>`
              : table(
                  ['Email', 'Role', 'Sent', 'Expires'],
                  invitations.map((open) => [open.email, open.role, when(open.created_at), when(open.expires_at)]),
                  undefined,
                  'invitations',
                )
          }
          ${
            owner
              ? html`<form method="post" action="/team/invitations">
                  ${csrfField(viewer)}
                  <p>Makes a link that lets this person join with the role below (valid 7 days, used once).</p>
                  <label for="invite-email">Email</label
                  ><input id="invite-email" name="email" type="email" required maxlength="254" autocomplete="off" />
                  <label for="invite-role">Role</label>${roleSelect('invite-role', 'developer')}
                  <div class="actions"><button type="submit">Create invitation link</button></div>
                </form>`
              : ''
          }
        </div>
        <h2>Brand</h2>
        <form method="post" action="/team/branding" class="card">
          ${csrfField(viewer)}
          <p>What shoppers see on the hosted link pages and the consent screens.</p>
          <label for="display-name">Display name (empty: ${profile.name})</label
          ><input id="display-name" name="display_name" maxlength="100" value="${profile.display_name ?? ''}" />
          <label for="logo-url">Logo URL (https)</label
          ><input id="logo-url" name="logo_url" type="url" maxlength="2048" value="${profile.logo_url ?? ''}" />
          <div class="actions"><button type="submit">Save branding</button></div>
        </form>
        <h2>Sharing</h2>
        <form method="post" action="/team/sharing" class="card">
          ${csrfField(viewer)}
          <label for="privacy-policy-url">Privacy policy URL (https; linked from the consent step)</label
          ><input
            id="privacy-policy-url"
            name="privacy_policy_url"
            type="url"
            maxlength="2048"
            value="${profile.privacy_policy_url ?? ''}"
          />
          <label for="history-window">History window: days of purchases before the first link to ask for</label
          ><input
            id="history-window"
            name="history_window_days"
            type="number"
            min="0"
            max="3650"
            required
            value="${profile.history_window_days}"
          />
          <label for="redirect-origins"
            >Return addresses: origins a retailer's public link may send shoppers back to with redirect_url (one a line,
            e.g. https://shop.example; none: the link flow ends on its own page)</label
          ><textarea id="redirect-origins" name="redirect_origins" rows="3" maxlength="4000">
${profile.redirect_origins.join('\n')}</textarea>
          <div class="actions"><button type="submit">Save sharing</button></div>
        </form>`,
    );
  }
}
