import { Injectable } from '@nestjs/common';
import { advance, CLEARED, LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';

/**
 * The shopper left the flow. A succeeded or already cancelled session stays as it is; any other becomes
 * `cancelled`, and whatever it kept sealed (password, code challenge) is dropped.
 */
@Injectable()
export class CancelLinkSessionUseCase {
  constructor(private readonly flow: LinkSessionFlow) {}

  async execute(secret: string): Promise<LinkSessionView> {
    const session = await this.flow.load(secret);
    if (session.state === 'succeeded' || session.state === 'cancelled') return this.flow.view(session);
    // An error that cannot be retried is kept, so the brand is told `link_result=error`.
    if (session.state === 'error' && !session.errorRetryable) {
      return advance(this.flow, session, { credentialsSealed: null, challengeSealed: null });
    }
    return advance(this.flow, session, { ...CLEARED, state: 'cancelled' });
  }
}
