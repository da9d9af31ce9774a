import { Injectable } from '@nestjs/common';
import { ulid } from '@cps/contracts';
import { SandboxError } from '../common/sandbox-error.js';
import { AccountRepository } from './account.repository.js';
import { toAccountView, type AccountView } from './account-view.js';
import { hashPassword } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { newOneTimeCode, normalizeEmail } from './secrets.js';

export interface NewAccount {
  email: string;
  password: string;
  /** true: a random six-digit code; a string: that code; false: no code step. */
  oneTimeCode: boolean | string;
}

@Injectable()
export class CreateAccountUseCase {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, request: NewAccount): Promise<AccountView> {
    const now = this.clock.now();
    const oneTimeCode =
      typeof request.oneTimeCode === 'string' ? request.oneTimeCode : request.oneTimeCode ? newOneTimeCode() : null;
    const account = {
      id: ulid(),
      retailerId,
      email: normalizeEmail(request.email),
      passwordHash: await hashPassword(request.password),
      oneTimeCode,
      passwordChangedAt: now,
      createdAt: now,
    };
    if (!(await this.accounts.insert(account))) {
      throw new SandboxError(409, 'account_exists', `${retailerId} already has an account ${account.email}`);
    }
    return toAccountView(account);
  }
}
