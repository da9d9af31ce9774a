import { Injectable } from '@nestjs/common';
import { SandboxError } from '../common/sandbox-error.js';
import { FailureInjector } from '../failures/failure-injector.js';
import { AccountRepository } from './account.repository.js';
import { ChallengeRepository } from './challenge.repository.js';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { maskEmail, newSecret, normalizeEmail } from './secrets.js';
import { SessionIssuer, type IssuedSession } from './session-issuer.js';

export const CHALLENGE_TTL_MS = 10 * 60_000;

export type SignInOutcome =
  | { kind: 'session'; session: IssuedSession }
  | { kind: 'challenge'; challengeId: string; expiresAt: Date; sentTo: string };

/** Email and password; accounts with a one-time code get a challenge instead of a session. */
@Injectable()
export class SignInUseCase {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly challenges: ChallengeRepository,
    private readonly issuer: SessionIssuer,
    private readonly failures: FailureInjector,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, credentials: { email: string; password: string }): Promise<SignInOutcome> {
    const account = await this.accounts.findByEmail(retailerId, normalizeEmail(credentials.email));
    await this.failures.apply(retailerId, { accountId: account?.id ?? null, scope: 'sign_in' });
    const valid = await verifyPassword(credentials.password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (!account || !valid) throw new SandboxError(401, 'invalid_credentials', 'the email or password is incorrect');
    if (account.oneTimeCode === null) return { kind: 'session', session: await this.issuer.open(account.id) };

    const now = this.clock.now();
    const { secret, hash } = newSecret('sbx_otp_');
    const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
    await this.challenges.insert({ idHash: hash, accountId: account.id, createdAt: now, expiresAt });
    return { kind: 'challenge', challengeId: secret, expiresAt, sentTo: maskEmail(account.email) };
  }
}
