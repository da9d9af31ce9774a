import { ApiProperty, ApiPropertyOptional, ApiSchema, PickType } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsOmittable, SyncContracts } from '@cps/contracts';

type LinkTokenStatus = SyncContracts.LinkTokenStatus;
import { IsWebEmail } from '../../http/field-rules.js';

export class CreateLinkTokenBody extends PickType(SyncContracts.CreateLinkTokenRequest, [
  'customer_id',
  'email',
  'mobile',
  'tags',
  'expires_in_days',
] as const) {
  @ApiProperty({
    description: 'The customer the token is scoped to (1-64 characters)',
    minLength: 1,
    maxLength: 64,
    example: 'cust_1234',
  })
  override customer_id!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 254,
    description: 'Customer email address',
    example: 'jo@example.com',
  })
  @IsString() // restated: see connection.dto.ts
  @MaxLength(254)
  @IsWebEmail()
  override email?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    minLength: 1,
    maxLength: 16,
    description: 'Customer mobile phone number',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(16)
  override mobile?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: 256 },
    maxProperties: 10,
    description:
      'Recorded on connections created through the token: at most 10; names up to 64 characters, values up to 256',
    example: { utm_source: 'newsletter' },
  })
  override tags?: Record<string, string>;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 365,
    default: 30,
    description: 'Whole days, 1 to 365 (default 30)',
  })
  override expires_in_days?: number;
}

export class CreateLinkTokenHeaders {
  @ApiPropertyOptional({
    name: 'x-service-idempotency-key',
    minLength: 1,
    maxLength: 255,
    description:
      'Retrying an identical request with the same key returns the same token; without it every request creates a new token',
  })
  @IsOmittable()
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  'x-service-idempotency-key'?: string;
}

export class ListLinkTokensQuery extends PickType(SyncContracts.ListLinkTokensRequest, [
  'customer_id',
  'status',
] as const) {
  @ApiProperty({ description: 'The customer whose tokens to list', minLength: 1, maxLength: 64, example: 'cust_1234' })
  override customer_id!: string;

  @ApiPropertyOptional({ enum: SyncContracts.LINK_TOKEN_STATUSES, description: 'Only tokens in this status' })
  override status?: LinkTokenStatus;
}

/** Any string: a malformed token is an unknown one (404), and a secret is never echoed in a 422. */
export class LinkTokenPath {
  @ApiProperty({ description: 'The raw link token (this path is redacted from logs)', example: 'lt_v1_...' })
  @IsString()
  link_token!: string;
}

@ApiSchema({ name: 'LinkTokenMetadata' })
export class LinkTokenMetadataResponse extends PickType(SyncContracts.LinkTokenMetadata, [
  'customer_id',
  'status',
  'created_at',
  'expires_at',
  'revoked_at',
] as const) {
  @ApiProperty({ example: 'cust_1234' }) override customer_id!: string;
  @ApiProperty({ enum: SyncContracts.LINK_TOKEN_STATUSES, example: 'active' }) override status!: LinkTokenStatus;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) override created_at!: string;
  @ApiProperty({ format: 'date-time', example: '2026-02-04T10:00:00.000Z' }) override expires_at!: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Set when revoked' }) override revoked_at?: string;
}

@ApiSchema({ name: 'LinkToken' })
export class LinkTokenResponse extends LinkTokenMetadataResponse {
  @ApiProperty({
    description: 'Bearer secret (`lt_v1_...`); shown only here',
    example: 'lt_v1_2jHc9Qm0ZkqQ7tFz3bVn1xLwYp5Ro8Ue4Ia6Sd0Gh9K',
  })
  link_token!: string;
}

@ApiSchema({ name: 'LinkTokenList' })
export class LinkTokenListResponse {
  @ApiProperty({ type: () => [LinkTokenMetadataResponse] }) link_tokens!: LinkTokenMetadataResponse[];
}
