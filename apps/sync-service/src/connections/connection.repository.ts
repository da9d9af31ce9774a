import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { ConnectionEntity } from './connection.entity.js';

@Injectable()
export class ConnectionRepository {
  constructor(
    @InjectRepository(ConnectionEntity)
    private readonly connections: Repository<ConnectionEntity>,
  ) {}

  async insert(tx: EntityManager, connection: ConnectionEntity): Promise<void> {
    await tx.insert(ConnectionEntity, connection);
  }

  /** One of the team's connections; inside `tx` it is share-locked so its status holds until commit. */
  async findOwned(teamId: string, id: string, tx?: EntityManager): Promise<ConnectionEntity | null> {
    if (!tx) return this.connections.findOneBy({ teamId, id });
    return tx.findOne(ConnectionEntity, { where: { teamId, id }, lock: { mode: 'pessimistic_read' } });
  }
}
