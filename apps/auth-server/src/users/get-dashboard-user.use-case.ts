import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { UserRepository } from './user.repository.js';

/** A dashboard user and the teams they belong to, as the brand dashboard (apps/dashboard) shows them. */
@Injectable()
export class GetDashboardUserUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(userId: string): Promise<AuthContracts.DashboardUser> {
    const user = await this.users.findById(userId);
    if (!user) throw new RpcRefusal(404, 'user not found');
    const teams = await this.users.teamsOf(userId);
    return {
      user_id: user.id,
      email: user.email,
      teams: teams.map((team) => ({ team_id: team.id, name: team.name, role: team.role })),
    };
  }
}
