import { Injectable } from '@nestjs/common';
import { ulid } from '@cps/contracts';
import { TeamRepository } from './team.repository.js';

@Injectable()
export class CreateTeamUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(name: string): Promise<{ team_id: string }> {
    const id = ulid();
    await this.teams.create(id, name);
    return { team_id: id };
  }
}
