import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, LessThan, MoreThan, Repository } from 'typeorm';
import { LinkSessionEntity, type LinkSessionChanges } from './link-session.entity.js';

/** Link sessions: found by the hash of their secret, changed only by the holder of the version it read. */
@Injectable()
export class LinkSessionRepository {
  constructor(
    @InjectRepository(LinkSessionEntity)
    private readonly sessions: Repository<LinkSessionEntity>,
  ) {}

  async insert(session: LinkSessionEntity): Promise<void> {
    await this.sessions.insert(session);
  }

  /** The session whose secret hashes to this, unless it has expired. */
  async findLive(secretHash: string, now: Date): Promise<LinkSessionEntity | null> {
    return this.sessions.findOneBy({ secretHash, expiresAt: MoreThan(now) });
  }

  /**
   * Applies a step to the session as read at `version` (inside `tx` when given); null when another request
   * changed it first (a double submit), in which case nothing is written.
   */
  async update(
    session: LinkSessionEntity,
    changes: LinkSessionChanges,
    at: Date,
    tx?: EntityManager,
  ): Promise<LinkSessionEntity | null> {
    const result = await (tx ?? this.sessions.manager).update(
      LinkSessionEntity,
      { id: session.id, version: session.version },
      { ...changes, version: session.version + 1, updatedAt: at },
    );
    if (!result.affected) return null;
    return { ...session, ...changes, version: session.version + 1, updatedAt: at };
  }

  /** Housekeeping: sessions that ended (by expiry) before `before`. */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.sessions.delete({ expiresAt: LessThan(before) });
    return result.affected ?? 0;
  }
}
