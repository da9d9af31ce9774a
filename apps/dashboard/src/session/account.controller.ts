import { Controller, Post, Res, UseGuards } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Response } from 'express';
import { FormQuery, NoticeQuery, ShowPage, Posted } from '../web/form-input.js';
import { attempt, sendPage } from '../web/refusals.js';
import { accountPage } from './account.view.js';
import { PasswordForm } from './dto/password.form.dto.js';
import { AnyMember, CurrentViewer, SignedIn, type SignedInViewer } from './viewer.js';

/** The signed-in person's own account: their role in each team, and changing their password. */
@Controller('account')
@UseGuards(SignedIn)
export class AccountController {
  constructor(private readonly rpc: RpcClient) {}

  @ShowPage()
  show(@CurrentViewer() viewer: SignedInViewer, @FormQuery(NoticeQuery) query: NoticeQuery) {
    return accountPage(viewer, { notice: query.text });
  }

  /** auth-server checks the current password and the new one's rules (8 to 256 characters). */
  @Post('password')
  @AnyMember()
  async changePassword(@Posted({ form: PasswordForm }) { viewer, form }: Posted<PasswordForm>, @Res() res: Response) {
    if (form.new_password !== form.confirm_password) {
      sendPage(res, 422, accountPage(viewer, { error: 'Password not changed: the two new passwords differ.' }));
      return;
    }
    const result = await attempt(() =>
      this.rpc.request(AuthContracts.changePassword, {
        userId: viewer.session.userId,
        currentPassword: form.current_password,
        newPassword: form.new_password,
      }),
    );
    if (!result.ok) {
      sendPage(res, 422, accountPage(viewer, { error: `Password not changed: ${result.error}` }));
      return;
    }
    res.redirect(303, '/account?notice=password_changed');
  }
}
