import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { advance, CLEARED, linkSessionEnded, LinkSessionFlow, type LinkSessionView } from './link-session-flow.js';

/**
 * The retailer-selection step (null: back to the list), and the retry of a retryable error (the same
 * retailer again). Only retailers the selection page lists can be picked; an entry that fixes the retailer
 * accepts only that one.
 */
@Injectable()
export class ChooseLinkRetailerUseCase {
  constructor(private readonly flow: LinkSessionFlow) {}

  async execute(secret: string, retailerId: string | null): Promise<LinkSessionView> {
    const session = await this.flow.load(secret);
    if (session.state === 'succeeded' || session.state === 'cancelled') throw linkSessionEnded();
    if (session.state === 'error' && !session.errorRetryable) throw linkSessionEnded();
    if (retailerId === null) {
      if (session.fixedRetailerId !== null) throw new RpcRefusal(409, 'this link is for one retailer only');
      return advance(this.flow, session, { ...CLEARED, state: 'select_retailer', retailerId: null });
    }
    const allowed =
      session.fixedRetailerId !== null
        ? retailerId === session.fixedRetailerId
        : (await this.flow.selectableRetailers(session)).some((retailer) => retailer.retailer_id === retailerId);
    if (!allowed) throw new RpcRefusal(404, `retailer ${retailerId} not found`);
    return advance(this.flow, session, { ...CLEARED, state: 'sign_in', retailerId });
  }
}
