import { Injectable } from '@nestjs/common';
import { ConnectionActivityRepository } from './connection-activity.repository.js';
import { connectionNotFound, toActivityLogEntry, type ActivityLogEntry } from './connection-resource.js';
import { ConnectionRepository } from './connection.repository.js';

/** GET /connections/{id}/activity: newest first. */
@Injectable()
export class ListConnectionActivityUseCase {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
  ) {}

  async execute(
    teamId: string,
    connectionId: string,
  ): Promise<{ connection_id: string; activity: ActivityLogEntry[] }> {
    const connection = await this.connections.findOwned(teamId, connectionId);
    if (!connection) throw connectionNotFound(connectionId);
    const entries = await this.activity.listForConnection(teamId, connection.id);
    return { connection_id: connection.id, activity: entries.map(toActivityLogEntry) };
  }
}
