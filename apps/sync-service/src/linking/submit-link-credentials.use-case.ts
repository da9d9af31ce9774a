import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { type RetailerCredentials } from '../retailer-adapters/retailer-adapter.js';
import { RetailerAdapters } from '../retailer-adapters/retailer-adapters.js';
import { RetailerCredentialVault } from '../retailer-adapters/retailer-credential-vault.js';
import { LinkConnectionUseCase } from './link-connection.use-case.js';
import { advance, askRetailer, CLEARED, LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';
import { MAX_FAILED_SIGN_INS } from './link-session-rules.js';

/**
 * The retailer sign-in page. Signed in at once: the connection is linked. A one-time code is asked for:
 * the password and the challenge are kept sealed for the code page. A wrong password: the page again
 * (until MAX_FAILED_SIGN_INS). The retailer not answering: a retryable error.
 */
@Injectable()
export class SubmitLinkCredentialsUseCase {
  constructor(
    private readonly flow: LinkSessionFlow,
    private readonly adapters: RetailerAdapters,
    private readonly vault: RetailerCredentialVault,
    private readonly link: LinkConnectionUseCase,
  ) {}

  async execute(secret: string, credentials: RetailerCredentials): Promise<LinkSessionView> {
    const session = await this.flow.load(secret);
    if ((session.state !== 'sign_in' && session.state !== 'one_time_code') || !session.retailerId) {
      throw new RpcRefusal(409, 'this link session is not at the sign-in step');
    }
    if (session.sharingWindowDays === null) {
      throw new RpcRefusal(409, 'the shopper has not answered the consent step');
    }
    const adapter = this.adapters.for(session.retailerId);
    return askRetailer(
      this.flow,
      session,
      () => adapter.signIn(credentials),
      async (result) => {
        switch (result.kind) {
          case 'signed_in':
            return this.flow.view(await this.link.execute(session, credentials, result.session));
          case 'needs_one_time_code':
            return advance(this.flow, session, {
              ...CLEARED,
              state: 'one_time_code',
              credentialsSealed: this.vault.sealCredentials(session.id, credentials),
              challengeSealed: this.vault.sealChallenge(session.id, result.challenge),
              codeSentTo: result.challenge.sentTo,
            });
          case 'invalid_credentials': {
            const failedSignIns = session.failedSignIns + 1;
            const exhausted = failedSignIns >= MAX_FAILED_SIGN_INS;
            return advance(this.flow, session, {
              ...CLEARED,
              failedSignIns,
              state: exhausted ? 'error' : 'sign_in',
              errorCode: exhausted ? 'too_many_attempts' : 'invalid_credentials',
              errorRetryable: !exhausted,
              attemptsLeft: MAX_FAILED_SIGN_INS - failedSignIns,
            });
          }
        }
      },
    );
  }
}
