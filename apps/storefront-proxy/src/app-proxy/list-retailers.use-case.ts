import { Inject, Injectable } from '@nestjs/common';
import { retailerImages, retailerLinkUrl } from '@cps/domain';
import { STOREFRONT_CONFIG, type StorefrontProxyConfig } from '../config.js';
import { type RetailersResponse } from './dto/app-proxy.dto.js';
import { type CustomerRequest } from './proxied-request.js';
import { shownConnection, StorefrontBrand } from './storefront-brand.js';

/** GET retailers: the team's linkable retailers, each with this customer's connection when there is one. */
@Injectable()
export class ListRetailersUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    @Inject(STOREFRONT_CONFIG) private readonly config: Pick<StorefrontProxyConfig, 'PUBLIC_BASE_URL'>,
  ) {}

  async execute({ shop, customer }: CustomerRequest): Promise<RetailersResponse> {
    const brandCustomer = await this.brand.customer(shop, customer);
    const [retailers, connections] = await Promise.all([
      this.brand.linkableRetailers(brandCustomer.teamId),
      this.brand.connections(brandCustomer),
    ]);
    const base = this.config.PUBLIC_BASE_URL;
    return {
      retailers: retailers.map((retailer) => {
        const connection = shownConnection(connections.filter((c) => c.retailer_id === retailer.retailer_id));
        return {
          retailer_id: retailer.retailer_id,
          name: retailer.name,
          link_url: retailerLinkUrl(base, retailer.link_id),
          images: retailerImages(base, retailer.retailer_id),
          ...(connection
            ? {
                connection: {
                  connection_id: connection.connection_id,
                  retailer_id: connection.retailer_id,
                  status: connection.status,
                },
              }
            : {}),
        };
      }),
    };
  }
}
