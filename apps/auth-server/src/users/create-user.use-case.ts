import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { ulid } from '@cps/contracts';
import { TeamRepository } from '../teams/team.repository.js';
import { hashPassword } from '@cps/persistence';
import { UserRepository } from './user.repository.js';

@Injectable()
export class CreateUserUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(email: string, password: string, teamIds: string[]): Promise<{ user_id: string }> {
    const unique = [...new Set(teamIds)];
    const found = await this.teams.findExisting(unique);
    const missing = unique.filter((id) => !found.includes(id));
    if (missing.length > 0) throw new RpcRefusal(404, `team not found: ${missing.join(', ')}`);
    if (await this.users.emailTaken(email)) throw new RpcRefusal(409, `a user with email ${email} already exists`);
    const id = ulid();
    await this.users.createWithMemberships({ id, email, passwordHash: await hashPassword(password) }, unique);
    return { user_id: id };
  }
}
