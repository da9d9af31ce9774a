import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { ConnectionActivityEntity, type NewActivityEntry } from './connection-activity.entity.js';

@Injectable()
export class ConnectionActivityRepository {
  constructor(
    @InjectRepository(ConnectionActivityEntity)
    private readonly entries: Repository<ConnectionActivityEntity>,
  ) {}

  /** Appends entries in the given order (the id breaks ties between entries of the same instant). */
  async append(tx: EntityManager, entries: NewActivityEntry[]): Promise<void> {
    for (const entry of entries) await tx.insert(ConnectionActivityEntity, entry);
  }

  /** Newest first; entries of the same instant latest-written first. */
  async listForConnection(teamId: string, connectionId: string): Promise<ConnectionActivityEntity[]> {
    return this.entries
      .createQueryBuilder('a')
      .where('a.team_id = :teamId AND a.connection_id = :connectionId', { teamId, connectionId })
      .orderBy('a.occurredAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .getMany();
  }
}
