import { Injectable } from '@nestjs/common';
import { type RpcResponse, type SyncContracts } from '@cps/contracts';
import { RetailerRepository } from './retailer.repository.js';

@Injectable()
export class ListCatalogUseCase {
  constructor(private readonly retailers: RetailerRepository) {}

  async execute(): Promise<RpcResponse<typeof SyncContracts.listCatalog>> {
    const retailers = await this.retailers.listAll();
    return {
      retailers: retailers.map((retailer) => ({
        retailer_id: retailer.id,
        name: retailer.name,
        status: retailer.status,
        brand_color: retailer.brandColor,
      })),
    };
  }
}
