import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { CheckPasswordUseCase } from './check-password.use-case.js';
import { GetDashboardUserUseCase } from './get-dashboard-user.use-case.js';

/** Sign-in to the brand dashboard (apps/dashboard); the password never leaves here. */
@Injectable()
export class SignInDashboardUserUseCase {
  constructor(
    private readonly passwords: CheckPasswordUseCase,
    private readonly getUser: GetDashboardUserUseCase,
  ) {}

  /**
   * 401 for an unknown email and a wrong password alike, after the same hashing work; 429 with how long to wait while
   * the account or the address is locked out (CheckPasswordUseCase).
   */
  async execute(email: string, password: string, address?: string): Promise<AuthContracts.DashboardUser> {
    const verdict = await this.passwords.execute(email, password, address);
    if (verdict.kind === 'locked') throw new RpcRefusal(429, verdict.message);
    if (verdict.kind === 'wrong') throw new RpcRefusal(401, 'wrong email or password');
    return this.getUser.execute(verdict.userId);
  }
}
