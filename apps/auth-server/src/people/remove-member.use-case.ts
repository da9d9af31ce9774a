import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { memberChangeProblem } from '@cps/domain';
import { PeopleRepository } from './people.repository.js';
import { refuseMemberChange, requireOwner } from './member-rules.js';

@Injectable()
export class RemoveMemberUseCase {
  constructor(private readonly people: PeopleRepository) {}

  async execute(request: AuthContracts.RemoveMemberRequest): Promise<AuthContracts.RemovedMember> {
    const { teamId, userId, actorUserId } = request;
    await this.people.transaction(async (tx) => {
      await requireOwner(this.people, tx, teamId, actorUserId);
      const problem = memberChangeProblem(await this.people.lockRoles(tx, teamId), userId, null);
      if (problem) refuseMemberChange(problem, userId);
      await this.people.remove(tx, teamId, userId);
    });
    return { user_id: userId };
  }
}
