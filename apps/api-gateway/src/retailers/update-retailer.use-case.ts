import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { SyncClient } from '../clients/sync.client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { isRetailerId } from '../http/field-rules.js';
import { type UpdateRetailerBody } from './dto/update-retailer.body.dto.js';
import { toPublicRetailer, type PublicRetailer } from './public-retailer.js';

@Injectable()
export class UpdateRetailerUseCase {
  constructor(
    private readonly sync: SyncClient,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  async execute(teamId: string, retailerId: string, changes: UpdateRetailerBody): Promise<PublicRetailer> {
    if (!isRetailerId(retailerId)) throw new NotFoundException({ detail: 'retailer not found' });
    const row = await this.sync.updateRetailer({ teamId, retailerId, ...changes });
    return toPublicRetailer(row, this.config.PUBLIC_BASE_URL);
  }
}
