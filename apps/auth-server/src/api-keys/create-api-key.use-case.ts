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
  async execute(
    teamId: string,
    name: string,
    expiresInDays?: number,
    now = new Date(),
  ): Promise<{ key_id: string; api_key: string }> {
    if (!(await this.teams.exists(teamId))) throw new RpcRefusal(404, `team ${teamId} not found`);
    const { secret, prefix, hash } = generateApiKey();
    const id = ulid();
    const expiresAt = expiresInDays ? new Date(now.getTime() + expiresInDays * 86_400_000) : null;
    await this.keys.create({ id, teamId, name, prefix, secretHash: hash, expiresAt });
    return { key_id: id, api_key: secret };
  }

  /** A new key of the same name; the old one keeps working for `overlapHours` (0: revoked now). */
  async roll(teamId: string, keyId: string, overlapHours: number, now = new Date()) {
    const { secret, prefix, hash } = generateApiKey();
    const id = ulid();
    const rolled = await this.keys.roll(
      teamId,
      keyId,
      { id, prefix, secretHash: hash },
      new Date(now.getTime() + overlapHours * 3_600_000),
      now,
    );
    if (!rolled) throw new RpcRefusal(404, `API key ${keyId} not found (or already revoked or expired)`);
    return {
      key_id: id,
      api_key: secret,
      previous_key_id: keyId,
      previous_expires_at: rolled.oldExpiresAt.toISOString(),
    };
  }
}
