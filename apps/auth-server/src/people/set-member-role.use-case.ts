import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { memberChangeProblem } from '@cps/domain';
import { PeopleRepository } from './people.repository.js';
import { refuseMemberChange, requireOwner } from './member-rules.js';

@Injectable()
export class SetMemberRoleUseCase {
  constructor(private readonly people: PeopleRepository) {}

  async execute(
    request: AuthContracts.SetMemberRoleRequest,
  ): Promise<{ user_id: string; role: AuthContracts.TeamRole }> {
    const { teamId, userId, role, actorUserId } = request;
    await this.people.transaction(async (tx) => {
      await requireOwner(this.people, tx, teamId, actorUserId);
      const problem = memberChangeProblem(await this.people.lockRoles(tx, teamId), userId, role);
      if (problem) refuseMemberChange(problem, userId);
      await this.people.setRole(tx, teamId, userId, role);
    });
    return { user_id: userId, role };
  }
}
