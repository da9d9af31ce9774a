import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { UserRepository } from './user.repository.js';

/** One member of a team as the dashboard's Team page lists it; 404 when not a member. */
@Injectable()
export class GetTeamMemberUseCase {
  constructor(private readonly users: UserRepository) {}

  async execute(teamId: string, userId: string): Promise<AuthContracts.TeamMember> {
    const [member] = await this.users.membersOf(teamId, userId);
    if (!member) throw new RpcRefusal(404, `member ${userId} not found`);
    return { ...member, joined_at: member.joined_at.toISOString() };
  }
}
