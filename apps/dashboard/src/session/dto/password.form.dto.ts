import { Text } from '../../web/form-input.js';

/** Passwords as typed (spaces count). */
export class PasswordForm {
  @Text({ trim: false }) current_password = '';
  @Text({ trim: false }) new_password = '';
  @Text({ trim: false }) confirm_password = '';
}
