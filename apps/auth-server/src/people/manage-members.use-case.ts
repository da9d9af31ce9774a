import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { memberChangeProblem, roleAllows } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { type Transaction } from '@cps/persistence';
import { PeopleRepository } from './people.repository.js';

/** 403 unless the actor is one of the team's owners (checked in the change's transaction). */
export async function requireOwner(
  people: PeopleRepository,
  tx: Transaction,
  teamId: string,
  actorUserId: string,
): Promise<void> {
  const role = await people.roleOf(teamId, actorUserId, tx);
  if (!role || !roleAllows(role, 'managePeople')) {
    throw new RpcRefusal(403, 'only an owner of the team can change its people');
  }
}

function refuse(problem: 'not_member' | 'last_owner', userId: string): never {
  if (problem === 'not_member') throw new RpcRefusal(404, `member ${userId} not found`);
  throw new RpcRefusal(409, 'the team needs at least one owner: make someone else an owner first');
}

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
      if (problem) refuse(problem, userId);
      await this.people.setRole(tx, teamId, userId, role);
    });
    return { user_id: userId, role };
  }
}

@Injectable()
export class RemoveMemberUseCase {
  constructor(private readonly people: PeopleRepository) {}

  async execute(request: AuthContracts.RemoveMemberRequest): Promise<AuthContracts.RemovedMember> {
    const { teamId, userId, actorUserId } = request;
    await this.people.transaction(async (tx) => {
      await requireOwner(this.people, tx, teamId, actorUserId);
      const problem = memberChangeProblem(await this.people.lockRoles(tx, teamId), userId, null);
      if (problem) refuse(problem, userId);
      await this.people.remove(tx, teamId, userId);
    });
    return { user_id: userId };
  }
}
