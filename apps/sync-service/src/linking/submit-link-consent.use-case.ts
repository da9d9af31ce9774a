import { Injectable } from '@nestjs/common';
import { isHistoryWindowChoice } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { advance, LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';

/**
 * The consent step before the retailer sign-in: the shopper chooses how much history the brand may see (the
 * window the brand asks for, or a narrower one). Answering again (back from the sign-in page) replaces it.
 */
@Injectable()
export class SubmitLinkConsentUseCase {
  constructor(private readonly flow: LinkSessionFlow) {}

  async execute(secret: string, historyWindowDays: number, offeredHistoryWindowDays: number): Promise<LinkSessionView> {
    const session = await this.flow.load(secret);
    if (session.state !== 'sign_in' || !session.retailerId) {
      throw new RpcRefusal(409, 'this link session is not at the consent step');
    }
    if (!isHistoryWindowChoice(offeredHistoryWindowDays, historyWindowDays)) {
      throw new RpcRefusal(422, `a history window of ${historyWindowDays} days is not offered`);
    }
    return advance(this.flow, session, { sharingWindowDays: historyWindowDays });
  }
}
