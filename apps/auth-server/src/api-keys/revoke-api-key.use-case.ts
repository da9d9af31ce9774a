import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { ApiKeyRepository } from './api-key.repository.js';

@Injectable()
export class RevokeApiKeyUseCase {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(keyId: string, now = new Date()): Promise<{ key_id: string; revoked_at: string }> {
    const result = await this.keys.revoke(keyId, now);
    if (!result) throw new RpcRefusal(404, `API key ${keyId} not found`);
    return { key_id: keyId, revoked_at: result.revokedAt.toISOString() };
  }
}
