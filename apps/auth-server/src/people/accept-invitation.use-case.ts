import { Injectable } from '@nestjs/common';
import { ulid, type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { hashPassword, sha256 } from '@cps/persistence';
import { CheckPasswordUseCase } from '../users/check-password.use-case.js';
import { UserEntity } from '../users/user.entity.js';
import { UserRepository } from '../users/user.repository.js';
import { PeopleRepository } from './people.repository.js';

const NOT_USABLE = 'this invitation link is unknown, used or expired';

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
