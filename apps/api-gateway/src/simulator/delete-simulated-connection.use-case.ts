import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { actorOf, type Principal } from '../auth/principal.js';

@Injectable()
export class DeleteSimulatedConnectionUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(caller: Principal, connectionId: string): Promise<void> {
    await this.rpc.request(SyncContracts.deleteSimulatedConnection, {
      teamId: caller.teamId,
      connectionId,
      actor: actorOf(caller),
    });
  }
}
