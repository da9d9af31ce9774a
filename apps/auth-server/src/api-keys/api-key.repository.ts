import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthContracts } from '@cps/contracts';
import { recordEvent } from '@cps/messaging';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity.js';

export interface ActiveApiKey {
  id: string;
  teamId: string;
  name: string;
}

@Injectable()
export class ApiKeyRepository {
  constructor(
    @InjectRepository(ApiKeyEntity)
    private readonly keys: Repository<ApiKeyEntity>,
  ) {}

  async create(key: Omit<ApiKeyEntity, 'createdAt' | 'revokedAt'>): Promise<void> {
    await this.keys.insert(key);
  }

  async findActiveByHash(secretHash: string): Promise<ActiveApiKey | null> {
    return this.keys.findOne({
      select: { id: true, teamId: true, name: true },
      where: { secretHash, revokedAt: IsNull() },
    });
  }

  /** The team's keys, newest first (no secrets: only their hash is stored). */
  async listOfTeam(teamId: string): Promise<ApiKeyEntity[]> {
    return this.keys.find({
      select: { id: true, name: true, prefix: true, createdAt: true, revokedAt: true },
      where: { teamId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * Revokes the team's key and records `auth.api-key.revoked.v1` in the same transaction. Idempotent. A key of
   * another team is not found (null) and is left as it is.
   */
  async revoke(teamId: string, id: string, at: Date): Promise<{ revokedAt: Date } | null> {
    return this.keys.manager.transaction(async (manager) => {
      const key = await manager.findOne(ApiKeyEntity, {
        where: { id, teamId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!key) return null;
      if (key.revokedAt) return { revokedAt: key.revokedAt };
      await manager.update(ApiKeyEntity, { id }, { revokedAt: at });
      await recordEvent(
        manager,
        'auth',
        AuthContracts.apiKeyRevoked,
        { keyId: id, teamId: key.teamId },
        { teamId: key.teamId },
      );
      return { revokedAt: at };
    });
  }
}
