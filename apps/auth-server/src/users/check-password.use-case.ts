import { Injectable } from '@nestjs/common';
import { lockedOutMessage, SIGN_IN_THROTTLE, type ThrottleRule } from '@cps/domain';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '@cps/persistence';
import { SignInThrottleRepository } from './sign-in-throttle.repository.js';
import { UserRepository } from './user.repository.js';

export type PasswordVerdict =
  | { kind: 'valid'; userId: string }
  | { kind: 'wrong' }
  | { kind: 'locked'; retryAfterSeconds: number; message: string };

/**
 * The one password check of every sign-in (the brand dashboard and the OAuth/connector sign-in page), throttled per
 * account and per client address (SIGN_IN_THROTTLE): a locked subject is refused without checking the password, and
 * the lock that a failure sets is recorded in the audit of the user's teams. Unknown emails cost the same hashing
 * work as wrong passwords and are counted the same way.
 */
@Injectable()
export class CheckPasswordUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly throttle: SignInThrottleRepository,
  ) {}

  async execute(email: string, password: string, address: string | undefined): Promise<PasswordVerdict> {
    const trimmed = email.trim();
    const account = `account:${trimmed.toLowerCase()}`;
    const subjects: Array<[string, ThrottleRule]> = [[account, SIGN_IN_THROTTLE.account]];
    if (address) subjects.push([`address:${address}`, SIGN_IN_THROTTLE.address]);
    const claimed: string[] = [];
    let accountLock = 0;
    let accountFailures = 0;
    for (const [subject, rule] of subjects) {
      const claim = await this.throttle.claim(subject, rule);
      if (claim.kind === 'locked') {
        for (const earlier of claimed) await this.throttle.release(earlier);
        return {
          kind: 'locked',
          retryAfterSeconds: claim.retryAfterSeconds,
          message: lockedOutMessage(claim.retryAfterSeconds),
        };
      }
      claimed.push(subject);
      if (subject === account) [accountLock, accountFailures] = [claim.lockSeconds, claim.failures];
    }
    const user = trimmed ? await this.users.findByEmail(trimmed) : null;
    const valid = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (user && valid) {
      await this.throttle.forget(account);
      for (const subject of claimed.slice(1)) await this.throttle.release(subject);
      return { kind: 'valid', userId: user.id };
    }
    if (user && accountLock > 0) {
      await this.throttle.auditLockout(user.id, {
        email: trimmed,
        failures: accountFailures,
        lockedSeconds: accountLock,
        address: address ?? null,
      });
    }
    return { kind: 'wrong' };
  }
}
