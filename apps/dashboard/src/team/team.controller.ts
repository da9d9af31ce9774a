import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { CurrentViewer, SignedIn, type SignedInViewer } from '../session/viewer.js';
import { field, notice, when, type Form } from '../web/forms.js';
import { html, table } from '../web/html.js';
import { csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';

/** Team: its members, and a new member (the admin CLI's `user:create` for this team, as a page). */
@Controller('team')
@UseGuards(SignedIn)
export class TeamController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async overview(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(await this.render(viewer, notice(query), null));
  }

  /** auth-server's rules apply: a valid email not yet used, a password of 8 to 256 characters. */
  @Post('members')
  async add(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.createUser, {
        email: field(form, 'email'),
        password: typeof form?.password === 'string' ? form.password : '',
        teamIds: [viewer.teamId],
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(await this.render(viewer, null, `Member not added: ${result.error}`));
      return;
    }
    res.redirect(303, '/team?notice=member_added');
  }

  /** What shoppers see of the brand (auth-server's rules: a name of 1 to 100 characters, an https logo address). */
  @Post('branding')
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

  private async render(viewer: SignedInViewer, noticeText: string | null, error: string | null): Promise<string> {
    const [{ members }, profile] = await Promise.all([
      this.rpc.request(AuthContracts.listTeamMembers, { teamId: viewer.teamId }),
      this.rpc.request(AuthContracts.getTeam, { teamId: viewer.teamId }),
    ]);
    return page(
      viewer,
      { title: 'Team', section: '/team', notice: noticeText, error },
      html`<div class="card">
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
            ['Email', 'Member since'],
            members.map((member) => [member.email, when(member.joined_at)]),
          )}
        </div>
        <h2>Add a member</h2>
        <form method="post" action="/team/members" class="card">
          ${csrfField(viewer)}
          <p>Creates a dashboard user in this team. Give them the password by a safe channel.</p>
          <label for="member-email">Email</label
          ><input id="member-email" name="email" type="email" required maxlength="254" autocomplete="off" />
          <label for="member-password">Initial password (at least 8 characters)</label
          ><input
            id="member-password"
            name="password"
            type="password"
            required
            minlength="8"
            autocomplete="new-password"
          />
          <div class="actions"><button type="submit">Add member</button></div>
        </form>
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
