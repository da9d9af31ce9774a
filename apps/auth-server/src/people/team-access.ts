import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { PeopleRepository } from './people.repository.js';

/**
 * The role check of a change a dashboard user asks for: auth-server enforces it itself (a viewer's session cannot
 * create a key even if the dashboard let the form through). No actor: an operator (admin CLI), allowed.
 */
@Injectable()
export class TeamAccess {
  constructor(private readonly people: PeopleRepository) {}

  async require(
    teamId: string,
    actorUserId: string | undefined,
    allowed: readonly AuthContracts.TeamRole[],
  ): Promise<void> {
    if (actorUserId === undefined) return;
    const role = await this.people.roleOf(teamId, actorUserId);
    if (!role || !allowed.includes(role)) {
      throw new RpcRefusal(
        403,
        `a ${role ?? 'non-member'} of the team cannot do this (allowed: ${allowed.join(', ')})`,
      );
    }
  }
}
