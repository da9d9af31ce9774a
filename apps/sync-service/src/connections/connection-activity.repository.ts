import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ConnectionActivityEntity, type NewActivityEntry } from './connection-activity.entity.js';

@Injectable()
export class ConnectionActivityRepository {
  /** Appends entries in the given order (the id breaks ties between entries of the same instant). */
  async append(tx: EntityManager, entries: NewActivityEntry[]): Promise<void> {
    for (const entry of entries) await tx.insert(ConnectionActivityEntity, entry);
  }
}
