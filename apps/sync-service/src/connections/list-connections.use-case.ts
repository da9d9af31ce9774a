import { Injectable } from '@nestjs/common';
import { type Connection, statusesMatching, type ConnectionStatus } from '@cps/contracts';
import { rowsToRead, takePage } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { toConnection } from './connection-resource.js';
import { ConnectionRepository } from './connection.repository.js';

export interface ListConnectionsQuery {
  teamId: string;
  customerId?: string;
  search?: string;
  tag?: string;
  simulated?: boolean;
  status?: ConnectionStatus;
  retailerId?: string;
  limit: number;
  startingAfter?: string;
}

/** `key:value` -> the pair (the value may hold colons too). */
function splitTag(tag: string): { key: string; value: string } {
  const at = tag.indexOf(':');
  return { key: tag.slice(0, at).trim(), value: tag.slice(at + 1).trim() };
}

/** GET /connections: newest first (ties by id), filtered, one page after `starting_after`. */
@Injectable()
export class ListConnectionsUseCase {
  constructor(private readonly connections: ConnectionRepository) {}

  async execute(query: ListConnectionsQuery): Promise<{ connections: Connection[]; has_more: boolean }> {
    const { teamId, startingAfter } = query;
    if (startingAfter !== undefined && !(await this.connections.findOwned(teamId, startingAfter))) {
      throw new RpcRefusal(422, [
        {
          loc: ['query', 'starting_after'],
          msg: 'starting_after must be the id of one of your connections',
          type: 'value_error',
          input: startingAfter,
        },
      ]);
    }
    const rows = await this.connections.list(
      teamId,
      {
        customerId: query.customerId,
        search: query.search || undefined,
        simulated: query.simulated,
        ...(query.tag?.includes(':') ? { tag: splitTag(query.tag) } : {}),
        retailerId: query.retailerId,
        statuses: query.status ? statusesMatching(query.status) : undefined,
        startingAfter,
      },
      rowsToRead(query.limit),
    );
    const page = takePage(rows, query.limit);
    return { connections: page.items.map(toConnection), has_more: page.hasMore };
  }
}
