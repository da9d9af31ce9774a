import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthContracts } from '@cps/contracts';
import { recordEvent } from '@cps/messaging';
import { Repository } from 'typeorm';
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

  async create(key: Omit<ApiKeyEntity, 'createdAt' | 'revokedAt' | 'lastUsedAt'>): Promise<void> {
    await this.keys.insert(key);
  }

  /** A key neither revoked nor expired; its `last_used_at` is moved on when it is a minute old. */
  async findActiveByHash(secretHash: string): Promise<ActiveApiKey | null> {
    const rows: Array<ActiveApiKey & { stale: boolean }> = await this.keys.query(
      `SELECT id, team_id AS "teamId", name,
              (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
         FROM auth.api_keys
        WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [secretHash],
    );
    const key = rows[0];
    if (!key) return null;
    if (key.stale) await this.keys.query(`UPDATE auth.api_keys SET last_used_at = now() WHERE id = $1`, [key.id]);
    return { id: key.id, teamId: key.teamId, name: key.name };
  }

  /**
   * Rolls a key: a new one with the same name, and the old one expires after the overlap (at once when 0, which
   * revokes it). Null for a key of another team, or one already revoked or expired.
   */
  async roll(
    teamId: string,
    id: string,
    replacement: Omit<ApiKeyEntity, 'createdAt' | 'revokedAt' | 'lastUsedAt' | 'expiresAt' | 'name' | 'teamId'>,
    oldUntil: Date,
    now: Date,
  ): Promise<{ name: string; oldExpiresAt: Date } | null> {
    return this.keys.manager.transaction(async (manager) => {
      const key = await manager.findOne(ApiKeyEntity, { where: { id, teamId }, lock: { mode: 'pessimistic_write' } });
      if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
      await manager.insert(ApiKeyEntity, { ...replacement, teamId, name: key.name, expiresAt: null });
      const until = key.expiresAt && key.expiresAt < oldUntil ? key.expiresAt : oldUntil;
      if (until <= now) {
        await manager.update(ApiKeyEntity, { id }, { revokedAt: now });
        await recordEvent(manager, 'auth', AuthContracts.apiKeyRevoked, { keyId: id, teamId }, { teamId });
      } else {
        await manager.update(ApiKeyEntity, { id }, { expiresAt: until });
      }
      return { name: key.name, oldExpiresAt: until };
    });
  }

  /** The team's keys, newest first (no secrets: only their hash is stored). */
  async listOfTeam(teamId: string): Promise<ApiKeyEntity[]> {
    return this.keys.find({
      select: {
        id: true,
        name: true,
        prefix: true,
        createdAt: true,
        revokedAt: true,
        lastUsedAt: true,
        expiresAt: true,
      },
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
