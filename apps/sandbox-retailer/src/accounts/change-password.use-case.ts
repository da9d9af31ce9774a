import { Injectable } from '@nestjs/common';
import { AccountLookup } from './account-lookup.js';
import { AccountRepository } from './account.repository.js';
import { ChallengeRepository } from './challenge.repository.js';
import { hashPassword, Transactor } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { SessionRepository } from './session.repository.js';

/**
 * What a shopper changing their password on the retailer's site does to everyone signed in: every
 * session dies (401 `session_revoked`) and the old password no longer signs in.
 */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionRepository,
    private readonly challenges: ChallengeRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, email: string, password: string): Promise<{ revoked_sessions: number }> {
    const account = await this.lookup.require(retailerId, email);
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    const revoked = await this.transactor.run(async (tx) => {
      await this.accounts.updatePassword(tx, account.id, passwordHash, now);
      await this.challenges.expirePending(tx, account.id, now);
      return this.sessions.revokeAll(tx, account.id, 'password_changed', now);
    });
    return { revoked_sessions: revoked };
  }
}
