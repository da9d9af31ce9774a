import { Injectable } from '@nestjs/common';
import { type Connection, type SyncContracts } from '@cps/contracts';
import { connectionNotFound, toConnection } from './connection-resource.js';
import { ConnectionRepository } from './connection.repository.js';

@Injectable()
export class GetConnectionUseCase {
  constructor(private readonly connections: ConnectionRepository) {}

  async execute(teamId: string, connectionId: string): Promise<Connection> {
    const connection = await this.connections.findOwned(teamId, connectionId);
    if (!connection) throw connectionNotFound(connectionId);
    return toConnection(connection);
  }

  /** When its purchases were last and will next be collected, and its error (404 for another team's). */
  async collection(teamId: string, connectionId: string): Promise<SyncContracts.ConnectionCollection> {
    if (!(await this.connections.findOwned(teamId, connectionId))) throw connectionNotFound(connectionId);
    return this.connections.collectionOf(teamId, connectionId);
  }
}
