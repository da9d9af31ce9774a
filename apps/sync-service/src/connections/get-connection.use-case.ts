import { Injectable } from '@nestjs/common';
import { type Connection } from '@cps/contracts';
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
}
