import { Injectable } from '@nestjs/common';
import { purchaseTypesFor, type PurchaseCharges, type PurchaseType, Clock, Randomness } from '@cps/domain';
import { Transactor } from '@cps/persistence';
import { AccountLookup } from '../accounts/account-lookup.js';
import { AccountRepository } from '../accounts/account.repository.js';
import {
  buildOrder,
  generateOrder,
  historyDates,
  orderNumber,
  type OrderDraft,
  type OrderLine,
} from './order-generator.js';
import { OrderPush } from './order-push.js';
import { OrderRepository, type StoredOrder } from './order.repository.js';
import { toOrderView, type OrderView } from './order-view.js';

export type NewOrders =
  /** `count` realistic random receipts, dated `orderedAt` (default now) or spread over the last `backDateDays`. */
  | {
      kind: 'random';
      count: number;
      itemCount?: number;
      channel?: PurchaseType;
      orderedAt?: Date;
      backDateDays?: number;
    }
  /** One receipt with exactly these lines and charges. */
  | {
      kind: 'given';
      lines: OrderLine[];
      channel?: PurchaseType;
      storeNumber?: string;
      orderedAt?: Date;
      charges: PurchaseCharges;
    };

/**
 * Orders appear in the account's history, numbered after every order already there (whatever their
 * dates), so a client listing "since its cursor" sees each of them exactly once.
 */
@Injectable()
export class AddOrdersUseCase {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly accounts: AccountRepository,
    private readonly orders: OrderRepository,
    private readonly transactor: Transactor,
    private readonly randomness: Randomness,
    private readonly clock: Clock,
    private readonly push: OrderPush,
  ) {}

  async execute(retailerId: string, email: string, request: NewOrders): Promise<{ orders: OrderView[] }> {
    const account = await this.lookup.require(retailerId, email);
    const now = this.clock.now();
    const drafts = this.draft(retailerId, request, now);
    const stored = await this.transactor.run(async (tx) => {
      const first = await this.accounts.reserveOrderNumbers(tx, account.id, drafts.length);
      const orders: StoredOrder[] = drafts.map((draft, index) => ({
        ...draft,
        id: orderNumber(retailerId, this.random),
        seq: first + index,
      }));
      await this.orders.insert(tx, account.id, orders, now);
      return orders;
    });
    // After the commit: the platform polls when told, and must find the orders then.
    void this.push.notify(retailerId, email);
    return { orders: stored.map(toOrderView) };
  }

  private readonly random = () => this.randomness.fraction();

  private draft(retailerId: string, request: NewOrders, now: Date): OrderDraft[] {
    const channels = purchaseTypesFor(retailerId);
    if (request.kind === 'given') {
      return [
        buildOrder({
          orderedAt: request.orderedAt ?? now,
          channel: request.channel ?? channels[0] ?? 'online',
          storeNumber: request.storeNumber ?? '0001',
          lines: request.lines,
          charges: request.charges,
        }),
      ];
    }
    const dates =
      request.backDateDays === undefined
        ? Array.from({ length: request.count }, () => request.orderedAt ?? now)
        : historyDates(this.random, now, request.count, request.backDateDays);
    return dates.map((orderedAt) =>
      generateOrder({
        random: this.random,
        orderedAt,
        channels,
        channel: request.channel,
        itemCount: request.itemCount,
      }),
    );
  }
}
