import { Injectable } from '@nestjs/common';
import { hashApiKey } from './api-key-secret.js';
import { ApiKeyRepository } from './api-key.repository.js';

export type ApiKeyVerdict = { valid: true; keyId: string; teamId: string; keyName: string } | { valid: false };

@Injectable()
export class VerifyApiKeyUseCase {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(secret: string): Promise<ApiKeyVerdict> {
    // Lookup by hash: the hash is the index, so no secret-dependent comparison happens in our code.
    const key = await this.keys.findActiveByHash(hashApiKey(secret));
    return key ? { valid: true, keyId: key.id, teamId: key.teamId, keyName: key.name } : { valid: false };
  }
}
