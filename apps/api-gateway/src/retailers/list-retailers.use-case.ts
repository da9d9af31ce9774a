import { Inject, Injectable } from '@nestjs/common';
import { SyncClient } from '../clients/sync.client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { toPublicRetailer, type PublicRetailer } from './public-retailer.js';

@Injectable()
export class ListRetailersUseCase {
  constructor(
    private readonly sync: SyncClient,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  async execute(teamId: string, include: 'enabled' | 'all'): Promise<{ retailers: PublicRetailer[] }> {
    const { retailers } = await this.sync.listRetailers({ teamId, include });
    return { retailers: retailers.map((row) => toPublicRetailer(row, this.config.PUBLIC_BASE_URL)) };
  }
}
