import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { AccountLookup } from './account-lookup.js';
import { SessionRepository } from './session.repository.js';

/** Ends the account's sessions as if their lifetime ran out (401 `session_expired`); the password still works. */
@Injectable()
export class ExpireSessionsUseCase {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, email: string): Promise<{ expired_sessions: number }> {
    const account = await this.lookup.require(retailerId, email);
    return { expired_sessions: await this.sessions.expireAll(account.id, this.clock.now()) };
  }
}
