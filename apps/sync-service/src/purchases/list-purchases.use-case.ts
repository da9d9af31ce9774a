import { Injectable } from '@nestjs/common';
import { rowsToRead, takePage } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { connectionNotFound } from '../connections/connection-resource.js';
import { toPurchaseListEntry, type PurchaseListEntry } from './purchase-resource.js';
import { PurchaseRepository } from './purchase.repository.js';

export interface ListPurchasesQuery {
  teamId: string;
  connectionId: string;
  limit: number;
  startingAfter?: string;
}

/** GET /purchases: one connection's purchases, date descending (ties by id), one page after the cursor. */
@Injectable()
export class ListPurchasesUseCase {
  constructor(private readonly purchases: PurchaseRepository) {}

  async execute(query: ListPurchasesQuery): Promise<{ purchases: PurchaseListEntry[]; has_more: boolean }> {
    const { teamId, connectionId, startingAfter } = query;
    const rows = await this.purchases.pageForConnection(teamId, connectionId, {
      startingAfter,
      limit: rowsToRead(query.limit),
    });
    if (rows === null) throw connectionNotFound(connectionId);
    if (rows === 'bad-cursor') {
      throw new RpcRefusal(422, [
        {
          loc: ['query', 'starting_after'],
          msg: 'starting_after must be the id of a purchase of this connection',
          type: 'value_error',
          input: startingAfter,
        },
      ]);
    }
    const page = takePage(rows, query.limit);
    return { purchases: page.items.map(toPurchaseListEntry), has_more: page.hasMore };
  }
}
