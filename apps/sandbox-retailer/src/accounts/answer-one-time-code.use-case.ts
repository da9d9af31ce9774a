import { Injectable } from '@nestjs/common';
import { constantTimeEqual } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { SandboxError } from '../common/sandbox-error.js';
import { FailureInjector } from '../failures/failure-injector.js';
import { AccountRepository } from './account.repository.js';
import { ChallengeRepository } from './challenge.repository.js';
import { hashSecret } from './secrets.js';
import { SessionIssuer, type IssuedSession } from './session-issuer.js';

/** Wrong answers a challenge takes before it is dead and the shopper must sign in again. */
export const MAX_CODE_ATTEMPTS = 5;

const challengeGone = () =>
  new SandboxError(410, 'challenge_expired', 'this code request expired or was used; sign in again');

/** The second step of a sign-in: the one-time code, answered within 10 minutes and 5 attempts. */
@Injectable()
export class AnswerOneTimeCodeUseCase {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly challenges: ChallengeRepository,
    private readonly issuer: SessionIssuer,
    private readonly failures: FailureInjector,
    private readonly clock: Clock,
  ) {}

  async execute(retailerId: string, answer: { challengeId: string; code: string }): Promise<IssuedSession> {
    const idHash = hashSecret(answer.challengeId);
    const challenge = await this.challenges.recordAttempt(idHash);
    const known = challenge && challenge.retailerId === retailerId ? challenge : null;
    await this.failures.apply(retailerId, { accountId: known?.accountId ?? null, scope: 'sign_in' });
    if (!known) throw challengeGone();
    const now = this.clock.now();
    if (known.answeredAt || known.expiresAt <= now || known.attempts > MAX_CODE_ATTEMPTS) throw challengeGone();

    const account = await this.accounts.findById(known.accountId);
    if (!account?.oneTimeCode || !constantTimeEqual(answer.code, account.oneTimeCode)) {
      throw new SandboxError(
        401,
        'invalid_code',
        'the code is incorrect',
        {},
        {
          attempts_left: MAX_CODE_ATTEMPTS - known.attempts,
        },
      );
    }
    if (!(await this.challenges.markAnswered(idHash, now))) throw challengeGone();
    return this.issuer.open(account.id);
  }
}
