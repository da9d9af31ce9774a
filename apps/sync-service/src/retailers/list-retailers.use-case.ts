import { Injectable } from '@nestjs/common';
import { type TeamRetailer } from '@cps/contracts';
import { toTeamRetailer } from './team-retailer-resource.js';
import { TeamRetailerRepository, type RetailerListFilter } from './team-retailer.repository.js';

@Injectable()
export class ListRetailersUseCase {
  constructor(private readonly teamRetailers: TeamRetailerRepository) {}

  async execute(teamId: string, include: RetailerListFilter): Promise<{ retailers: TeamRetailer[] }> {
    const views = await this.teamRetailers.list(teamId, include);
    return { retailers: views.map(toTeamRetailer) };
  }
}
