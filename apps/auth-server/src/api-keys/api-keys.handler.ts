import { Controller } from '@nestjs/common';
import { AuthContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { TeamAccess } from '../people/team-access.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { CreateApiKeyUseCase } from './create-api-key.use-case.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.use-case.js';
import { VerifyApiKeyUseCase } from './verify-api-key.use-case.js';

@Controller()
export class ApiKeysHandler {
  constructor(
    private readonly createKey: CreateApiKeyUseCase,
    private readonly verifyKey: VerifyApiKeyUseCase,
    private readonly revokeKey: RevokeApiKeyUseCase,
    private readonly keys: ApiKeyRepository,
    private readonly access: TeamAccess,
  ) {}

  @RpcHandler(AuthContracts.createApiKey)
  async create(
    @RpcPayload(AuthContracts.createApiKey)
    request: RpcRequest<typeof AuthContracts.createApiKey>,
  ) {
    await this.access.require(request.teamId, request.actorUserId, AuthContracts.API_KEY_ROLES);
    return this.createKey.execute(request.teamId, request.name, request.expiresInDays);
  }

  @RpcHandler(AuthContracts.verifyApiKey)
  verify(
    @RpcPayload(AuthContracts.verifyApiKey)
    request: RpcRequest<typeof AuthContracts.verifyApiKey>,
  ) {
    return this.verifyKey.execute(request.apiKey);
  }

  @RpcHandler(AuthContracts.revokeApiKey)
  async revoke(
    @RpcPayload(AuthContracts.revokeApiKey)
    request: RpcRequest<typeof AuthContracts.revokeApiKey>,
  ) {
    await this.access.require(request.teamId, request.actorUserId, AuthContracts.API_KEY_ROLES);
    return this.revokeKey.execute(request.teamId, request.keyId);
  }

  @RpcHandler(AuthContracts.rollApiKey)
  async roll(@RpcPayload(AuthContracts.rollApiKey) request: RpcRequest<typeof AuthContracts.rollApiKey>) {
    await this.access.require(request.teamId, request.actorUserId, AuthContracts.API_KEY_ROLES);
    return this.createKey.roll(request.teamId, request.keyId, request.overlapHours);
  }

  /** For the dashboard's Developers page. */
  @RpcHandler(AuthContracts.listApiKeys)
  async list(@RpcPayload(AuthContracts.listApiKeys) request: RpcRequest<typeof AuthContracts.listApiKeys>) {
    const keys = await this.keys.listOfTeam(request.teamId);
    return {
      api_keys: keys.map((key) => ({
        key_id: key.id,
        name: key.name,
        prefix: key.prefix,
        created_at: key.createdAt.toISOString(),
        revoked_at: key.revokedAt?.toISOString() ?? null,
        last_used_at: key.lastUsedAt?.toISOString() ?? null,
        expires_at: key.expiresAt?.toISOString() ?? null,
      })),
    };
  }
}
