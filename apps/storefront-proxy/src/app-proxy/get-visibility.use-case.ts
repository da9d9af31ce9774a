import { Injectable } from '@nestjs/common';
import { isBlockVisible, restrictedRetailerIds } from '@cps/domain';
import { CustomerProfiles } from './customer-profiles.js';
import { type VisibilityResponse } from './dto/app-proxy.dto.js';
import { type CustomerRequest } from './proxied-request.js';
import { StorefrontBrand } from './storefront-brand.js';

/** GET visibility: the merchant's rule and the team's retailer audiences applied to this customer. */
@Injectable()
export class GetVisibilityUseCase {
  constructor(
    private readonly brand: StorefrontBrand,
    private readonly profiles: CustomerProfiles,
  ) {}

  async execute({ shop, customer }: CustomerRequest): Promise<VisibilityResponse> {
    const teamId = await this.brand.teamOf(shop);
    const [profile, retailers] = await Promise.all([
      this.profiles.of(shop, customer),
      this.brand.linkableRetailers(teamId),
    ]);
    return {
      blockVisible: isBlockVisible(shop.visibility, profile),
      restrictedRetailerIds: restrictedRetailerIds(retailers, profile.email),
    };
  }
}
