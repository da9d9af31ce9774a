import { Injectable, NotFoundException } from '@nestjs/common';
import { SyncClient } from '../clients/platform-clients.js';
import { type DisconnectResponse } from './dto/app-proxy.dto.js';
import { SHOPPER } from './link-flow.js';
import { type CustomerRequest } from './proxied-request.js';
import { StorefrontBrand } from './storefront-brand.js';

/** POST disconnect-connection: the customer's connection moves to `disconnected` (activity source `Consumer`). */
@Injectable()
export class DisconnectConnectionUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    private readonly sync: SyncClient,
  ) {}

  async execute({ shop, customer }: CustomerRequest, connectionId: string): Promise<DisconnectResponse> {
    const brandCustomer = await this.brand.customer(shop, customer);
    const connection = await this.brand.ownConnection(brandCustomer, connectionId);
    if (!connection) throw new NotFoundException({ detail: `connection ${connectionId} not found` });
    await this.sync.updateConnection({
      teamId: brandCustomer.teamId,
      connectionId,
      actor: SHOPPER,
      status: 'disconnected',
    });
    return { success: true };
  }
}
