import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { ApiKeyRepository } from './api-key.repository.js';

@Injectable()
export class RevokeApiKeyUseCase {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(teamId: string, keyId: string, now = new Date()): Promise<{ key_id: string; revoked_at: string }> {
    const result = await this.keys.revoke(teamId, keyId, now);
    if (!result) throw new RpcRefusal(404, `API key ${keyId} not found`);
    return { key_id: keyId, revoked_at: result.revokedAt.toISOString() };
  }
}
