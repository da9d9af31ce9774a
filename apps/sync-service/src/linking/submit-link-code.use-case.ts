import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { RetailerAdapters } from '../retailer-adapters/retailer-adapters.js';
import { RetailerCredentialVault } from '../retailer-adapters/retailer-credential-vault.js';
import { LinkConnectionUseCase } from './link-connection.use-case.js';
import { advance, askRetailer, CLEARED, LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';

/**
 * The one-time code page. Accepted: the connection is linked with the credentials kept since the sign-in
 * page. Wrong: the page again, with the attempts the retailer says are left. The challenge over: sign in again.
 */
@Injectable()
export class SubmitLinkCodeUseCase {
  constructor(
    private readonly flow: LinkSessionFlow,
    private readonly adapters: RetailerAdapters,
    private readonly vault: RetailerCredentialVault,
    private readonly link: LinkConnectionUseCase,
  ) {}

  async execute(secret: string, code: string): Promise<LinkSessionView> {
    const session = await this.flow.load(secret);
    if (
      session.state !== 'one_time_code' ||
      !session.retailerId ||
      !session.challengeSealed ||
      !session.credentialsSealed
    ) {
      throw new RpcRefusal(409, 'this link session is not at the one-time code step');
    }
    const challenge = this.vault.openChallenge(session.id, session.challengeSealed);
    const credentials = this.vault.openCredentials(session.id, session.credentialsSealed);
    const adapter = this.adapters.for(session.retailerId);
    return askRetailer(
      this.flow,
      session,
      () => adapter.answerOneTimeCode(challenge, code.trim()),
      async (result) => {
        switch (result.kind) {
          case 'signed_in':
            return this.flow.view(await this.link.execute(session, credentials, result.session));
          case 'invalid_code':
            return advance(this.flow, session, {
              errorCode: 'invalid_code',
              errorRetryable: true,
              attemptsLeft: result.attemptsLeft,
            });
          case 'challenge_expired':
            return advance(this.flow, session, {
              ...CLEARED,
              state: 'sign_in',
              errorCode: 'challenge_expired',
              errorRetryable: true,
            });
        }
      },
    );
  }
}
