import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ulid, type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { hashPassword, sha256 } from '@cps/persistence';
import { CheckPasswordUseCase } from '../users/check-password.use-case.js';
import { UserEntity } from '../users/user.entity.js';
import { UserRepository } from '../users/user.repository.js';
import { requireOwner } from './manage-members.use-case.js';
import { PeopleRepository, type InvitationRow } from './people.repository.js';

const VALID_DAYS = 7;
const NOT_USABLE = 'this invitation link is unknown, used or expired';

function invitationView(row: InvitationRow): AuthContracts.Invitation {
  return {
    invitation_id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

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

@Injectable()
export class ListInvitationsUseCase {
  constructor(private readonly people: PeopleRepository) {}

  async execute(teamId: string): Promise<AuthContracts.InvitationList> {
    return { invitations: (await this.people.pendingInvitations(teamId, new Date())).map(invitationView) };
  }
}

/** What a link offers, and accepting it: a new user with their password, or an existing one proving theirs. */
@Injectable()
export class AcceptInvitationUseCase {
  constructor(
    private readonly people: PeopleRepository,
    private readonly users: UserRepository,
    private readonly passwords: CheckPasswordUseCase,
  ) {}

  async preview(token: string): Promise<AuthContracts.InvitationPreview> {
    const invitation = await this.people.usableInvitation(sha256(token), new Date());
    if (!invitation) throw new RpcRefusal(404, NOT_USABLE);
    return {
      email: invitation.email,
      team_name: invitation.team_name,
      role: invitation.role,
      existing_user: (await this.users.findByEmail(invitation.email)) !== null,
      expires_at: invitation.expires_at.toISOString(),
    };
  }

  /** Answers the user's id (the caller reads the user and their teams). */
  async execute(token: string, password: string): Promise<string> {
    const now = new Date();
    const passwordHash = await hashPassword(password);
    return this.people.transaction(async (tx) => {
      const invitation = await this.people.usableInvitation(sha256(token), now, tx);
      if (!invitation) throw new RpcRefusal(404, NOT_USABLE);
      const existing = await this.users.findByEmail(invitation.email);
      let userId: string;
      if (existing) {
        // An existing user proves their password through the throttled sign-in check.
        const verdict = await this.passwords.execute(invitation.email, password, undefined);
        if (verdict.kind === 'locked') throw new RpcRefusal(429, verdict.message);
        if (verdict.kind === 'wrong') throw new RpcRefusal(401, 'wrong password');
        userId = existing.id;
      } else {
        userId = ulid();
        await tx.insert(UserEntity, { id: userId, email: invitation.email, passwordHash });
      }
      await this.people.addMember(tx, invitation.team_id, userId, invitation.role);
      await this.people.markAccepted(tx, invitation.id, now);
      return userId;
    });
  }
}
