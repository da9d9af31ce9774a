import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
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
    return { user_id: user.id, email: user.email, teams: teams.map((team) => ({ team_id: team.id, name: team.name })) };
  }
}
