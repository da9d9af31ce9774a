import { ApiProperty, ApiPropertyOptional, ApiSchema, OmitType } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsOmittable, SyncContracts } from '@cps/contracts';
import { CustomerEmail, CustomerMobile, ListResponse, Tags } from '../../http/api-fields.js';

type LinkTokenStatus = SyncContracts.LinkTokenStatus;

export class CreateLinkTokenBody extends OmitType(SyncContracts.CreateLinkTokenRequest, [
  'idempotencyKey',
  'teamId',
] as const) {
  /** The customer the token is scoped to (1-64 characters) @example cust_1234 */
  @ApiProperty({ minLength: 1, maxLength: 64 }) override customer_id!: string;
  @CustomerEmail() override email?: string | null;
  @CustomerMobile() override mobile?: string | null;
  /** Recorded on connections created through the token: at most 10; names up to 64 characters, values up to 256 */
  @Tags({ utm_source: 'newsletter' }) override tags?: Record<string, string>;
  /** Whole days, 1 to 365 (default 30) */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 365, default: 30 }) override expires_in_days?: number;
}

export class CreateLinkTokenHeaders {
  /** Retrying an identical request with the same key returns the same token; without it every request creates a new token */
  @ApiPropertyOptional({ name: 'x-service-idempotency-key' })
  @IsOmittable()
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  'x-service-idempotency-key'?: string;
}

export class ListLinkTokensQuery extends OmitType(SyncContracts.ListLinkTokensRequest, ['teamId'] as const) {
  /** The customer whose tokens to list @example cust_1234 */
  @ApiProperty({ minLength: 1, maxLength: 64 }) override customer_id!: string;
  @ApiPropertyOptional({ enum: SyncContracts.LINK_TOKEN_STATUSES, description: 'Only tokens in this status' })
  override status?: LinkTokenStatus;
}

/** Any string: a malformed token is an unknown one (404), and a secret is never echoed in a 422. */
export class LinkTokenPath {
  /** The raw link token (this path is redacted from logs) @example lt_v1_... */
  @IsString() link_token!: string;
}

@ApiSchema({ name: 'LinkTokenMetadata' })
export class LinkTokenMetadataResponse extends SyncContracts.LinkTokenMetadata {
  @ApiProperty({ example: 'cust_1234' }) override customer_id!: string;
  @ApiProperty({ enum: SyncContracts.LINK_TOKEN_STATUSES, example: 'active' }) override status!: LinkTokenStatus;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) override created_at!: string;
  @ApiProperty({ format: 'date-time', example: '2026-02-04T10:00:00.000Z' }) override expires_at!: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Set when revoked' }) override revoked_at?: string;
}

@ApiSchema({ name: 'LinkToken' })
export class LinkTokenResponse extends LinkTokenMetadataResponse {
  /** Bearer secret (`lt_v1_...`); shown only here @example lt_v1_2jHc9Qm0ZkqQ7tFz3bVn1xLwYp5Ro8Ue4Ia6Sd0Gh9K */
  @ApiProperty() link_token!: string;
}

@ApiSchema({ name: 'LinkTokenList' })
export class LinkTokenListResponse extends ListResponse('link_tokens', LinkTokenMetadataResponse) {}
