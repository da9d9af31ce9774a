import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { hashPassword } from '@cps/persistence';
import { CheckPasswordUseCase } from './check-password.use-case.js';
import { UserRepository } from './user.repository.js';

/**
 * A dashboard user's own password, after proving the current one through the sign-in check (401 when wrong, 429
 * while locked out: guessing the current password here is throttled like signing in).
 */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly passwords: CheckPasswordUseCase,
  ) {}

  async execute(userId: string, current: string, next: string): Promise<AuthContracts.ChangedPassword> {
    const user = await this.users.findById(userId);
    if (!user) throw new RpcRefusal(404, 'user not found');
    const verdict = await this.passwords.execute(user.email, current, undefined);
    if (verdict.kind === 'locked') throw new RpcRefusal(429, verdict.message);
    if (verdict.kind === 'wrong') throw new RpcRefusal(401, 'the current password is wrong');
    await this.users.setPasswordHash(userId, await hashPassword(next));
    return { user_id: userId };
  }
}
