import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { ulid } from '@cps/contracts';
import { TeamRepository } from '../teams/team.repository.js';
import { generateApiKey } from './api-key-secret.js';
import { ApiKeyRepository } from './api-key.repository.js';

@Injectable()
export class CreateApiKeyUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly keys: ApiKeyRepository,
  ) {}

  /** The secret is returned here once and never again. */
  async execute(teamId: string, name: string): Promise<{ key_id: string; api_key: string }> {
    if (!(await this.teams.exists(teamId))) throw new RpcRefusal(404, `team ${teamId} not found`);
    const { secret, prefix, hash } = generateApiKey();
    const id = ulid();
    await this.keys.create({ id, teamId, name, prefix, secretHash: hash });
    return { key_id: id, api_key: secret };
  }
}
