import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** The team's loyalty and marketing integrations (events-service). */
@Injectable()
export class ListIntegrations {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<EventsContracts.Integration[]> {
    return (await this.rpc.request(EventsContracts.listIntegrations, { teamId })).integrations;
  }
}
