import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { hashPassword } from '@cps/persistence';
import { CheckPasswordUseCase } from './check-password.use-case.js';
import { UserRepository } from './user.repository.js';

type DashboardUser = AuthContracts.DashboardUser;

/** Sign-in and membership look-ups for the brand dashboard (apps/dashboard); the password never leaves here. */
@Injectable()
export class DashboardUsersUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly passwords: CheckPasswordUseCase,
  ) {}

  /**
   * 401 for an unknown email and a wrong password alike, after the same hashing work; 429 with how long to wait while
   * the account or the address is locked out (CheckPasswordUseCase).
   */
  async signIn(email: string, password: string, address?: string): Promise<DashboardUser> {
    const verdict = await this.passwords.execute(email, password, address);
    if (verdict.kind === 'locked') throw new RpcRefusal(429, verdict.message);
    if (verdict.kind === 'wrong') throw new RpcRefusal(401, 'wrong email or password');
    return this.get(verdict.userId);
  }

  async get(userId: string): Promise<DashboardUser> {
    const user = await this.users.findById(userId);
    if (!user) throw new RpcRefusal(404, 'user not found');
    const teams = await this.users.teamsOf(userId);
    return {
      user_id: user.id,
      email: user.email,
      teams: teams.map((team) => ({ team_id: team.id, name: team.name, role: team.role })),
    };
  }

  /** One member of a team as the Team page lists it; 404 when not a member. */
  async member(teamId: string, userId: string): Promise<AuthContracts.TeamMember> {
    const [member] = await this.users.membersOf(teamId, userId);
    if (!member) throw new RpcRefusal(404, `member ${userId} not found`);
    return { ...member, joined_at: member.joined_at.toISOString() };
  }

  /**
   * The user's own password, after proving the current one through the sign-in check (401 when wrong, 429 while
   * locked out: guessing the current password here is throttled like signing in).
   */
  async changePassword(userId: string, current: string, next: string): Promise<AuthContracts.ChangedPassword> {
    const user = await this.users.findById(userId);
    if (!user) throw new RpcRefusal(404, 'user not found');
    const verdict = await this.passwords.execute(user.email, current, undefined);
    if (verdict.kind === 'locked') throw new RpcRefusal(429, verdict.message);
    if (verdict.kind === 'wrong') throw new RpcRefusal(401, 'the current password is wrong');
    await this.users.setPasswordHash(userId, await hashPassword(next));
    return { user_id: userId };
  }
}
