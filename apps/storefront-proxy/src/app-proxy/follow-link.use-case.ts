import { Injectable, NotFoundException } from '@nestjs/common';
import { CustomerProfiles } from './customer-profiles.js';
import { LinkFlow } from './link-flow.js';
import { type CustomerRequest } from './proxied-request.js';
import { StorefrontBrand } from './storefront-brand.js';
import { redirectOrRefuse } from './storefront-redirect.js';

/** GET link/{linkId}: the customer's connection to the link's retailer (found or created), then into the flow. */
@Injectable()
export class FollowLinkUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    private readonly profiles: CustomerProfiles,
    private readonly flow: LinkFlow,
  ) {}

  /** The flow URL to redirect to. */
  async execute({ shop, customer }: CustomerRequest, linkId: string, redirect: string | undefined): Promise<string> {
    const brandCustomer = await this.brand.customer(shop, customer);
    const retailer = (await this.brand.linkableRetailers(brandCustomer.teamId)).find(
      (candidate) => candidate.link_id === linkId,
    );
    if (!retailer) throw new NotFoundException({ detail: 'link not found' });
    const redirectUrl = redirectOrRefuse(shop, redirect, ['query', 'redirect_url']);
    const profile = await this.profiles.of(shop, customer);
    const connection = await this.flow.connectionFor(brandCustomer, retailer.retailer_id, {
      email: profile.email,
      tags: shop.defaultTags,
    });
    return this.flow.url(brandCustomer, connection, profile.email, redirectUrl);
  }
}
