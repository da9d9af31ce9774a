import { Injectable } from '@nestjs/common';
import { SessionAuthenticator } from '../accounts/session-authenticator.js';
import { SandboxError } from '../common/sandbox-error.js';
import { decodeCursor, encodeCursor } from './order-cursor.js';
import { OrderRepository } from './order.repository.js';
import { toOrderSummaryView, type OrderSummaryView } from './order-view.js';

export interface OrderPage {
  orders: OrderSummaryView[];
  /** Where to continue: pass it back as `since`. Also returned when the page is empty, to poll again later. */
  next_cursor: string;
  has_more: boolean;
}

/**
 * The signed-in account's orders that appeared after the cursor, oldest appearance first. Without a
 * cursor the list starts at the account's first order, so a first read walks the whole history.
 */
@Injectable()
export class ListOrdersUseCase {
  constructor(
    private readonly authenticator: SessionAuthenticator,
    private readonly orders: OrderRepository,
  ) {}

  async execute(
    retailerId: string,
    token: string | null,
    query: { since?: string; limit: number },
  ): Promise<OrderPage> {
    const accountId = await this.authenticator.authenticate(retailerId, token, 'orders');
    const after = query.since === undefined ? 0 : decodeCursor(query.since);
    if (after === null) throw new SandboxError(400, 'invalid_cursor', 'since is not a cursor this retailer issued');
    const rows = await this.orders.listAfter(accountId, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      orders: page.map(toOrderSummaryView),
      next_cursor: encodeCursor(page.at(-1)?.seq ?? after),
      has_more: rows.length > query.limit,
    };
  }
}
