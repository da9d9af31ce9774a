import { Injectable } from '@nestjs/common';
import { SessionAuthenticator } from '../accounts/session-authenticator.js';
import { OrderRepository } from './order.repository.js';
import { toOrderView, type OrderView } from './order-view.js';

/**
 * Several of the signed-in account's orders with their lines, in the order asked: what the order-history
 * page shows when its rows are expanded. Ids of another account's orders, or of none, are left out.
 */
@Injectable()
export class GetOrdersUseCase {
  constructor(
    private readonly authenticator: SessionAuthenticator,
    private readonly orders: OrderRepository,
  ) {}

  async execute(retailerId: string, token: string | null, orderIds: string[]): Promise<{ orders: OrderView[] }> {
    const accountId = await this.authenticator.authenticate(retailerId, token, 'orders');
    const found = new Map((await this.orders.findMany(accountId, orderIds)).map((order) => [order.id, order]));
    return {
      orders: [...new Set(orderIds)].flatMap((id) => {
        const order = found.get(id);
        return order ? [toOrderView(order)] : [];
      }),
    };
  }
}
