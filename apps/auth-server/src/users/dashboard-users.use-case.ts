import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '@cps/persistence';
import { UserRepository } from './user.repository.js';

type DashboardUser = AuthContracts.DashboardUser;

/** Sign-in and membership look-ups for the brand dashboard (apps/dashboard); the password never leaves here. */
@Injectable()
export class DashboardUsersUseCase {
  constructor(private readonly users: UserRepository) {}

  /** 401 for an unknown email and a wrong password alike, after the same hashing work. */
  async signIn(email: string, password: string): Promise<DashboardUser> {
    const user = await this.users.findByEmail(email.trim());
    const valid = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (!user || !valid) throw new RpcRefusal(401, 'wrong email or password');
    return this.get(user.id);
  }

  async get(userId: string): Promise<DashboardUser> {
    const user = await this.users.findById(userId);
    if (!user) throw new RpcRefusal(404, 'user not found');
    const teams = await this.users.teamsOf(userId);
    return { user_id: user.id, email: user.email, teams: teams.map((team) => ({ team_id: team.id, name: team.name })) };
  }
}
