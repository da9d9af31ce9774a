import { Inject, Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { toPublicRetailer, type PublicRetailer } from './public-retailer.js';

@Injectable()
export class ListRetailersUseCase {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  async execute(teamId: string, include: 'enabled' | 'all'): Promise<{ retailers: PublicRetailer[] }> {
    const { retailers } = await this.rpc.request(SyncContracts.listRetailers, { teamId, include });
    return { retailers: retailers.map((row) => toPublicRetailer(row, this.config.PUBLIC_BASE_URL)) };
  }
}
