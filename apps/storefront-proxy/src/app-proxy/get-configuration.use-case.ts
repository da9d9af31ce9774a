import { Injectable, NotFoundException } from '@nestjs/common';
import { isBlockVisible } from '@cps/domain';
import { BrandAccess } from '../shops/brand-access.js';
import { type ConfigurationResponse } from './dto/app-proxy.dto.js';
import { type ProxiedRequest } from './proxied-request.js';

/** GET configuration: 200 while the shop holds an API key, 404 otherwise. */
@Injectable()
export class GetConfigurationUseCase {
  constructor(private readonly brands: BrandAccess) {}

  async execute({ shop }: ProxiedRequest): Promise<ConfigurationResponse> {
    if (!shop.apiKeySealed) throw new NotFoundException({ detail: 'storefront not configured' });
    const teamId = await this.brands.teamOf(shop);
    return {
      status: teamId ? 'active' : 'api_key_invalid',
      signed_out_prompt: teamId !== null && isBlockVisible(shop.visibility, null),
    };
  }
}
