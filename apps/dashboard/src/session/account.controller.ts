import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { notice, type Form } from '../web/forms.js';
import { html } from '../web/html.js';
import { csrfField, page } from '../web/layout.js';
import { attempt } from '../web/refusals.js';
import { AnyMember, CurrentViewer, SignedIn, type SignedInViewer } from './viewer.js';

const secret = (form: Form, name: string) => (typeof form?.[name] === 'string' ? (form[name] as string) : '');

/** The signed-in person's own account: their role in each team, and changing their password. */
@Controller('account')
@UseGuards(SignedIn)
export class AccountController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  show(@CurrentViewer() viewer: SignedInViewer, @Query() query: Form, @Res() res: Response) {
    res.type('html').send(this.render(viewer, notice(query), null));
  }

  /** auth-server checks the current password and the new one's rules (8 to 256 characters). */
  @Post('password')
  @AnyMember()
  async changePassword(@CurrentViewer() viewer: SignedInViewer, @Body() form: Form, @Res() res: Response) {
    const next = secret(form, 'new_password');
    if (next !== secret(form, 'confirm_password')) {
      res
        .status(422)
        .type('html')
        .send(this.render(viewer, null, 'Password not changed: the two new passwords differ.'));
      return;
    }
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.changePassword, {
        userId: viewer.session.userId,
        currentPassword: secret(form, 'current_password'),
        newPassword: next,
      }),
    );
    if (!result.ok) {
      res
        .status(422)
        .type('html')
        .send(this.render(viewer, null, `Password not changed: ${result.error}`));
      return;
    }
    res.redirect(303, '/account?notice=password_changed');
  }

  private render(viewer: SignedInViewer, noticeText: string | null, error: string | null): string {
    return page(
      viewer,
      { title: 'Account', section: '/account', notice: noticeText, error },
      html`<div class="card">
          <dl class="facts">
            <dt>Email</dt>
            <dd>${viewer.email}</dd>
            ${viewer.teams.map(
              (team) =>
                html`<dt>${team.name}</dt>
                  <dd>${team.role ?? ''}</dd>`,
            )}
          </dl>
        </div>
        <h2>Change your password</h2>
        <form method="post" action="/account/password" class="card">
          ${csrfField(viewer)}
          <label for="current-password">Current password</label
          ><input
            id="current-password"
            name="current_password"
            type="password"
            required
            autocomplete="current-password"
          />
          <label for="new-password">New password (at least 8 characters)</label
          ><input
            id="new-password"
            name="new_password"
            type="password"
            required
            minlength="8"
            autocomplete="new-password"
          />
          <label for="confirm-password">New password again</label
          ><input
            id="confirm-password"
            name="confirm_password"
            type="password"
            required
            minlength="8"
            autocomplete="new-password"
          />
          <div class="actions"><button type="submit">Change password</button></div>
        </form>`,
    );
  }
}
