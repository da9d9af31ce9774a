import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

export interface IntegrationView {
  integration: EventsContracts.Integration;
  /** A page of 50 awards, newest first. */
  awards: EventsContracts.AwardList['awards'];
  /** The `starting_after` of the next page, when there is one. */
  next: string | null;
}

/** One integration of the team with a page of its award ledger (events-service). */
@Injectable()
export class ShowIntegration {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, integrationId: string, startingAfter: string): Promise<IntegrationView> {
    const ref = { teamId, integrationId };
    const [integration, { awards, has_more }] = await Promise.all([
      this.rpc.request(EventsContracts.getIntegration, ref),
      this.rpc.request(EventsContracts.listIntegrationAwards, {
        ...ref,
        limit: 50,
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      }),
    ]);
    const last = awards.at(-1);
    return { integration, awards, next: has_more && last ? last.award_id : null };
  }
}
