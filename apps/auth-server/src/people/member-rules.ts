import { roleAllows } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { type Transaction } from '@cps/persistence';
import { type PeopleRepository } from './people.repository.js';

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

/** A member change the team's rules refuse: 404 for someone not in the team, 409 for its last owner. */
export function refuseMemberChange(problem: 'not_member' | 'last_owner', userId: string): never {
  if (problem === 'not_member') throw new RpcRefusal(404, `member ${userId} not found`);
  throw new RpcRefusal(409, 'the team needs at least one owner: make someone else an owner first');
}
