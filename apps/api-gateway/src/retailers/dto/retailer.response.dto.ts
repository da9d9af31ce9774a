import { ApiProperty, ApiPropertyOptional, ApiSchema, PickType } from '@nestjs/swagger';
import {
  LinkAudience,
  LINK_VISIBILITIES,
  RETAILER_STATUSES,
  TeamRetailer,
  type LinkVisibility,
  type RetailerStatus,
} from '@cps/contracts';
import { type PublicRetailer, type RetailerImages } from '../public-retailer.js';
import { ListResponse } from '../../http/api-fields.js';

class ThemedImage {
  @ApiProperty({ example: 'https://api.example.com/assets/retailers/walmart/logo-light.svg' }) light!: string;
  @ApiProperty({ example: 'https://api.example.com/assets/retailers/walmart/logo-dark.svg' }) dark!: string;
}

@ApiSchema({ name: 'RetailerImages', description: 'Image URLs for light and dark themes' })
class RetailerImagesResponse implements RetailerImages {
  @ApiProperty({ type: () => ThemedImage }) logo!: ThemedImage;
  @ApiProperty({ type: () => ThemedImage }) icon!: ThemedImage;
}

@ApiSchema({ name: 'LinkAudience', description: 'Applied when link_visibility is `restricted`' })
export class LinkAudienceResponse extends PickType(LinkAudience, ['allowed_emails', 'allowed_domains'] as const) {
  @ApiProperty({ type: [String], example: ['vip@example.com'] }) override allowed_emails!: string[];
  @ApiProperty({ type: [String], example: ['example.org'] }) override allowed_domains!: string[];
}

@ApiSchema({ name: 'Retailer' })
export class RetailerResponse
  extends PickType(TeamRetailer, ['retailer_id', 'name', 'status', 'enabled'] as const)
  implements PublicRetailer
{
  @ApiProperty({ description: 'Lowercase slug', example: 'walmart' }) override retailer_id!: string;
  @ApiProperty({ example: 'Walmart' }) override name!: string;
  @ApiProperty({ type: () => RetailerImagesResponse }) images!: RetailerImagesResponse;
  @ApiProperty({ enum: RETAILER_STATUSES, description: 'Platform status', example: 'active' })
  override status!: RetailerStatus;
  @ApiProperty({ description: 'Whether the retailer is enabled for your team', example: true })
  override enabled!: boolean;
  /** Deprecated: launches the link flow for the retailer; null when disabled. Link tokens replace it. @example https://api.example.com/link/aB3dE5gH7j */
  @ApiProperty({ type: String, deprecated: true }) link_url!: string | null;
  @ApiPropertyOptional({ enum: LINK_VISIBILITIES, description: 'Present only when enabled', example: 'everyone' })
  link_visibility?: LinkVisibility;
  @ApiPropertyOptional({ type: () => LinkAudienceResponse, description: 'Present only when enabled' })
  link_audience?: LinkAudienceResponse;
}

@ApiSchema({ name: 'RetailerList' })
export class RetailerListResponse extends ListResponse('retailers', RetailerResponse) {}
