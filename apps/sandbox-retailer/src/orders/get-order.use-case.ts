import { Injectable } from '@nestjs/common';
import { SessionAuthenticator } from '../accounts/session-authenticator.js';
import { notFound } from '../common/sandbox-error.js';
import { OrderRepository } from './order.repository.js';
import { toOrderView, type OrderView } from './order-view.js';

/** One of the signed-in account's orders with its lines and charges; another account's order is 404. */
@Injectable()
export class GetOrderUseCase {
  constructor(
    private readonly authenticator: SessionAuthenticator,
    private readonly orders: OrderRepository,
  ) {}

  async execute(retailerId: string, token: string | null, orderId: string): Promise<OrderView> {
    const accountId = await this.authenticator.authenticate(retailerId, token, 'orders');
    const order = await this.orders.find(accountId, orderId);
    if (!order) throw notFound(`no order ${orderId}`);
    return toOrderView(order);
  }
}
