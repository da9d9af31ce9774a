import { Injectable } from '@nestjs/common';
import { CheckPasswordUseCase, type PasswordVerdict } from '../../users/check-password.use-case.js';

/**
 * The sign-in form of the authorization flow: the dashboard's password check, throttled per account and per
 * address (CheckPasswordUseCase). A form without an email is a wrong password.
 */
@Injectable()
export class SignInInteractionUseCase {
  constructor(private readonly passwords: CheckPasswordUseCase) {}

  async execute(
    form: Record<string, unknown>,
    address: string | undefined,
  ): Promise<{ email: string; verdict: PasswordVerdict }> {
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const verdict = email ? await this.passwords.execute(email, password, address) : ({ kind: 'wrong' } as const);
    return { email, verdict };
  }
}
