import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { SyncContracts, type EventsContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { customerValueOf } from './record-awards.use-case.js';

export type CustomerLookup = { kind: 'found'; value: string } | { kind: 'missing'; reason: string };

/** Who an award is for, asked of sync-service (which owns connections) when the event did not carry it. */
export abstract class AwardCustomers {
  /** Throws when sync-service cannot answer (the attempt is retried). */
  abstract lookup(
    teamId: string,
    connectionId: string,
    identifier: EventsContracts.CustomerIdentifier,
  ): Promise<CustomerLookup>;
}

@Injectable()
export class RpcAwardCustomers extends AwardCustomers {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async lookup(
    teamId: string,
    connectionId: string,
    identifier: EventsContracts.CustomerIdentifier,
  ): Promise<CustomerLookup> {
    try {
      const connection = await this.rpc.request(SyncContracts.getConnection, { teamId, connectionId });
      const value = customerValueOf(connection, identifier);
      return value ? { kind: 'found', value } : { kind: 'missing', reason: `the connection has no ${identifier}` };
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) {
        return { kind: 'missing', reason: 'the connection no longer exists' };
      }
      throw error;
    }
  }
}
