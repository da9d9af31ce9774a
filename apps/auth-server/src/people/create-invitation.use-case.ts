import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ulid, type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { sha256 } from '@cps/persistence';
import { requireOwner } from './member-rules.js';
import { invitationView } from './invitation-view.js';
import { PeopleRepository } from './people.repository.js';

const VALID_DAYS = 7;

/** An owner invites someone by email with a role; the link's secret is answered once, only its hash is kept. */
@Injectable()
export class CreateInvitationUseCase {
  constructor(private readonly people: PeopleRepository) {}

  async execute(
    request: AuthContracts.CreateInvitationRequest,
    now = new Date(),
  ): Promise<AuthContracts.CreatedInvitation> {
    await this.people.transaction((tx) => requireOwner(this.people, tx, request.teamId, request.actorUserId));
    if (await this.people.isMemberByEmail(request.teamId, request.email)) {
      throw new RpcRefusal(409, `${request.email} is already a member of the team`);
    }
    const token = `inv_${randomBytes(24).toString('base64url')}`;
    const row = await this.people.createInvitation({
      id: ulid(),
      team_id: request.teamId,
      email: request.email,
      role: request.role,
      token_hash: sha256(token),
      invited_by: request.actorUserId,
      expires_at: new Date(now.getTime() + VALID_DAYS * 86_400_000),
    });
    return { ...invitationView(row), token };
  }
}
