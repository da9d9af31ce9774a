import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsObject, IsString, MaxLength, MinLength } from 'class-validator';
import { INTERNAL_CONNECTION_STATUSES, IsOmittable, type InternalConnectionStatus } from '@cps/contracts';
import { STOREFRONT_TAG_NAMES } from '@cps/domain';

// Bodies and answers of /apps/service/* (seed: "Hosted-storefront app-proxy endpoints"). Wire names as the seed
// spells them (camelCase bodies, snake_case retailer rows): never rename.

@ApiSchema({ name: 'StorefrontConfiguration' })
export class ConfigurationResponse {
  @ApiProperty({
    enum: ['active', 'api_key_invalid'],
    description: '`active`: the stored API key works; `api_key_invalid`: it was revoked, store a new one',
  })
  status!: 'active' | 'api_key_invalid';

  @ApiProperty({
    description:
      'Whether the block invites signed-out visitors to sign in (the merchant shows it to everyone); otherwise ' +
      'signed-out visitors see nothing',
  })
  signed_out_prompt!: boolean;
}

@ApiSchema({ name: 'StorefrontVisibility' })
export class VisibilityResponse {
  @ApiProperty({ description: "False when the merchant's global visibility rules hide the block from this customer" })
  blockVisible!: boolean;

  @ApiProperty({
    type: [String],
    description:
      "Retailers hidden from this customer (the team's `hidden` ones, `restricted` ones outside their audience)",
    example: ['costco'],
  })
  restrictedRetailerIds!: string[];
}

class ImagePair {
  @ApiProperty() light!: string;
  @ApiProperty() dark!: string;
}

class RetailerImagesDto {
  @ApiProperty({ type: ImagePair }) logo!: ImagePair;
  @ApiProperty({ type: ImagePair }) icon!: ImagePair;
}

@ApiSchema({ name: 'StorefrontConnection' })
export class StorefrontConnectionDto {
  @ApiProperty() connection_id!: string;
  @ApiProperty() retailer_id!: string;

  @ApiProperty({
    enum: INTERNAL_CONNECTION_STATUSES,
    description:
      '`initialized`, `disconnected`, `revoked`: start a fresh link; `unauthenticated`: the customer must sign in ' +
      'again (send `connectionId`); `active`: collecting purchases',
  })
  status!: InternalConnectionStatus;
}

@ApiSchema({ name: 'StorefrontRetailer' })
export class StorefrontRetailerDto {
  @ApiProperty({ example: 'walmart' }) retailer_id!: string;
  @ApiProperty({ example: 'Walmart' }) name!: string;
  @ApiProperty({ description: "The retailer's link_url (its last path segment is the `linkId` of /link/{linkId})" })
  link_url!: string;
  @ApiProperty({ type: RetailerImagesDto }) images!: RetailerImagesDto;

  @ApiPropertyOptional({
    type: StorefrontConnectionDto,
    description: "The customer's connection to the retailer; omitted when the customer never linked it",
  })
  connection?: StorefrontConnectionDto;
}

@ApiSchema({ name: 'StorefrontRetailerList' })
export class RetailersResponse {
  @ApiProperty({ type: [StorefrontRetailerDto] }) retailers!: StorefrontRetailerDto[];
}

@ApiSchema({ name: 'StorefrontConnectionRequest' })
export class StartLinkBody {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'walmart' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  retailerId!: string;

  @ApiProperty({ maxLength: 2048, description: "The retailer's `link_url` as /apps/service/retailers answered it" })
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  retailerLinkUrl!: string;

  @ApiProperty({
    maxLength: 2048,
    description: 'Where the link flow returns the customer: a path or page of this shop',
    example: 'https://acme.example/pages/rewards',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  redirectUrl!: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 64, description: 'The connection to re-authenticate' })
  @IsOmittable()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  connectionId?: string;

  @ApiPropertyOptional({
    type: 'object',
    properties: Object.fromEntries(STOREFRONT_TAG_NAMES.map((name) => [name, { type: 'string', maxLength: 256 }])),
    description:
      'Only `utm_campaign`, `utm_source`, `utm_medium` are accepted (others ignored); values are trimmed and one ' +
      'over 256 characters is dropped; recorded only when a connection is created; ignored with `connectionId`',
    example: { utm_campaign: 'spring' },
  })
  @IsOmittable()
  @IsObject()
  tags?: Record<string, unknown>;
}

@ApiSchema({ name: 'StorefrontLink' })
export class StartLinkResponse {
  @ApiProperty({ description: 'Opens the hosted link flow with the connection bound; returns to `redirectUrl`' })
  link_url!: string;
}

@ApiSchema({ name: 'StorefrontDisconnectRequest' })
export class DisconnectBody {
  @ApiProperty({ minLength: 1, maxLength: 64 })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  connectionId!: string;
}

@ApiSchema({ name: 'StorefrontDisconnected' })
export class DisconnectResponse {
  @ApiProperty() success!: boolean;
}
