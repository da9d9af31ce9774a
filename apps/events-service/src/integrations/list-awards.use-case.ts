import { Injectable } from '@nestjs/common';
import { LIST_LIMIT, EventsContracts, type RpcRequest } from '@cps/contracts';
import { rowsToRead, takePage } from '@cps/domain';
import { AwardRepository } from './award.repository.js';
import { integrationNotFound } from './integration-rules.js';
import { IntegrationRepository } from './integration.repository.js';
import { toAward } from './integration-view.js';

type Contracts = typeof EventsContracts;

/** The ledger of one integration, newest first. */
@Injectable()
export class ListAwardsUseCase {
  constructor(
    private readonly integrations: IntegrationRepository,
    private readonly awards: AwardRepository,
  ) {}

  async execute(request: RpcRequest<Contracts['listIntegrationAwards']>): Promise<EventsContracts.AwardList> {
    if (!(await this.integrations.find(request.teamId, request.integrationId))) {
      throw integrationNotFound(request.integrationId);
    }
    const limit = request.limit ?? LIST_LIMIT.default;
    const rows = await this.awards.list(
      request.teamId,
      request.integrationId,
      rowsToRead(limit),
      request.starting_after ?? null,
    );
    const page = takePage(rows, limit);
    return { awards: page.items.map(toAward), has_more: page.hasMore };
  }
}
