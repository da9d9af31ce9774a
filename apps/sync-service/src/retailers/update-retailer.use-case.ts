import { Injectable } from '@nestjs/common';
import { type TeamRetailer } from '@cps/contracts';
import { planRetailerUpdate, type RetailerUpdateRequest } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { Clock } from '../common/clock.js';
import { Randomness } from '../common/randomness.js';
import { RetailerRepository } from './retailer.repository.js';
import { toTeamRetailer } from './team-retailer-resource.js';
import { TeamRetailerRepository } from './team-retailer.repository.js';

/** Length of the random code at the end of a retailer's `link_url`. */
export const LINK_ID_LENGTH = 10;

/**
 * PATCH /retailers/{id}. The decision is the domain's planRetailerUpdate (link-visibility rules extend
 * it); this class loads the state it needs and applies the plan.
 */
@Injectable()
export class UpdateRetailerUseCase {
  constructor(
    private readonly retailers: RetailerRepository,
    private readonly teamRetailers: TeamRetailerRepository,
    private readonly clock: Clock,
    private readonly random: Randomness,
  ) {}

  async execute(teamId: string, retailerId: string, request: RetailerUpdateRequest): Promise<TeamRetailer> {
    const retailer = await this.retailers.findById(retailerId);
    if (!retailer) throw new RpcRefusal(404, `retailer ${retailerId} not found`);
    const current = await this.teamRetailers.find(teamId, retailerId);
    const plan = planRetailerUpdate({ status: retailer.status, current, request });
    switch (plan.kind) {
      case 'unchanged':
        return toTeamRetailer({ retailer, configuration: current });
      case 'refused':
        throw new RpcRefusal(404, `retailer ${retailerId} is inactive and cannot be enabled`);
      case 'disable':
        await this.teamRetailers.disable(teamId, retailerId);
        return toTeamRetailer({ retailer, configuration: null });
      case 'enable':
        await this.teamRetailers.enable({
          teamId,
          retailerId,
          linkId: this.random.base62(LINK_ID_LENGTH),
          enabledAt: this.clock.now(),
          ...plan.configuration,
        });
        // Re-read: a concurrent enable may have created the row first, and its link id is the one that counts.
        return toTeamRetailer({ retailer, configuration: await this.teamRetailers.find(teamId, retailerId) });
    }
  }
}
