import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { CollectionStateRepository } from './collection-state.repository.js';
import { CollectionWakeup } from './collection-wakeup.js';

/**
 * Sync-now: a retailer pushed "new orders" for an account, so its active connections are polled now instead of at
 * their next regular poll (issue 13). The poll itself is the usual one (lease, cursor, exactly-once storage).
 */
@Injectable()
export class RequestPollUseCase {
  constructor(
    private readonly collection: CollectionStateRepository,
    private readonly wakeup: CollectionWakeup,
  ) {}

  async execute(retailerId: string, accountRef: string): Promise<{ connections: number }> {
    const connections = await this.collection.requestPoll(retailerId, accountRef);
    if (connections > 0) this.wakeup.wake();
    return { connections };
  }
}

export const RetailerPushHandler = rpcHandlers('RetailerPushHandler', [
  answer(SyncContracts.retailerOrdersAvailable, RequestPollUseCase, (useCase, request) =>
    useCase.execute(request.retailerId, request.accountRef),
  ),
]);
