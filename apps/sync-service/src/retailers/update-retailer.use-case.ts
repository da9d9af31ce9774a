import { Injectable } from '@nestjs/common';
import { type TeamRetailer } from '@cps/contracts';
import { planRetailerUpdate, type RetailerUpdateRequest, Clock, Randomness } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { RetailerRepository } from './retailer.repository.js';
import { toTeamRetailer } from './team-retailer-resource.js';
import { TeamRetailerRepository } from './team-retailer.repository.js';

/** Length of the random code at the end of a retailer's `link_url`. */
export const LINK_ID_LENGTH = 10;

/**
 * PATCH /retailers/{id}. The decision is the domain's planRetailerUpdate; this class loads the state it
 * needs and applies the plan, one request at a time per team and retailer.
 */
@Injectable()
export class UpdateRetailerUseCase {
  constructor(
    private readonly retailers: RetailerRepository,
    private readonly teamRetailers: TeamRetailerRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
    private readonly random: Randomness,
  ) {}

  async execute(teamId: string, retailerId: string, request: RetailerUpdateRequest): Promise<TeamRetailer> {
    const retailer = await this.retailers.findById(retailerId);
    if (!retailer) throw new RpcRefusal(404, `retailer ${retailerId} not found`);
    return this.transactor.run(async (tx) => {
      await this.teamRetailers.lockForChange(tx, teamId, retailerId);
      const current = await this.teamRetailers.find(teamId, retailerId, tx);
      const plan = planRetailerUpdate({ status: retailer.status, current, request });
      switch (plan.kind) {
        case 'unchanged':
          return toTeamRetailer({ retailer, configuration: current });
        case 'invalid':
          throw new RpcRefusal(422, plan.issues);
        case 'refused':
          throw new RpcRefusal(
            404,
            plan.reason === 'retailer_inactive'
              ? `retailer ${retailerId} is inactive and cannot be enabled`
              : `retailer ${retailerId} is not enabled`,
          );
        case 'disable':
          await this.teamRetailers.disable(tx, teamId, retailerId);
          return toTeamRetailer({ retailer, configuration: null });
        case 'enable': {
          const configuration = {
            teamId,
            retailerId,
            linkId: this.random.base62(LINK_ID_LENGTH),
            enabledAt: this.clock.now(),
            ...plan.configuration,
          };
          await this.teamRetailers.enable(tx, configuration);
          return toTeamRetailer({ retailer, configuration });
        }
        case 'update': {
          if (!current) throw new Error('an update plan needs a current configuration');
          await this.teamRetailers.updateLinkSettings(tx, teamId, retailerId, plan.configuration);
          return toTeamRetailer({ retailer, configuration: { ...current, ...plan.configuration } });
        }
      }
    });
  }
}
