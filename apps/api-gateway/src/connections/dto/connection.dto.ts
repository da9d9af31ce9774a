import { ApiProperty, ApiPropertyOptional, ApiSchema, OmitType, PickType } from '@nestjs/swagger';
import { Equals, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  ACTOR_ID_TYPES,
  ACTOR_SOURCES,
  CONNECTION_STATUSES,
  PublicConnection,
  SyncContracts,
  type ActorIdType,
  type ActorSource,
  type ConnectionStatus,
} from '@cps/contracts';
import { AtLeastOneField } from '../../http/body-rules.js';
import { CustomerEmail, CustomerMobile, PageCursor, PageLimit, PathId, Tags } from '../../http/api-fields.js';
import { RETAILER_ID_PATTERN } from '../../http/field-rules.js';

// Examples shown in the reference (and sent by its "Try it out").
export const EXAMPLE_CONNECTION_ID = '01JD3M5Q7X9C2B4N6R8T0V1W2Y';

// class-validator drops the rules a parent class has for a property once the subclass adds rules of its own
// to it, so a property given extra rules here restates the contract's (IsString, MaxLength...) with them.

// --- requests -------------------------------------------------------------------------------------

export class ConnectionPath {
  @PathId('Connection id', EXAMPLE_CONNECTION_ID) connection_id!: string;
}

export class CreateConnectionBody extends OmitType(SyncContracts.CreateConnectionRequest, [
  'actor',
  'teamId',
] as const) {
  /** Maps the connection to a customer record in your system (1-64 characters) @example cust_1234 */
  @ApiProperty({ minLength: 1, maxLength: 64 }) override customer_id!: string;

  /** A retailer enabled for your team (lowercase slug) @example walmart */
  @ApiProperty({ pattern: RETAILER_ID_PATTERN.source })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  @Matches(RETAILER_ID_PATTERN)
  override retailer_id!: string;

  @CustomerEmail('Customer email address (at most 254 characters)') override email?: string | null;
  @CustomerMobile('Customer mobile phone number (at most 16 characters)', '+15555550100')
  override mobile?: string | null;
  /** Attribution tags: at most 10; names up to 64 characters, values up to 256. Must not hold personal data. */
  @Tags({ utm_campaign: 'spring' }) override tags?: Record<string, string>;
}

export class ListConnectionsQuery extends PickType(SyncContracts.ListConnectionsRequest, [
  'customer_id',
  'status',
  'retailer_id',
  'limit',
  'starting_after',
] as const) {
  /** Only connections of this customer */
  @ApiPropertyOptional() @IsString() @MinLength(1) @MaxLength(64) override customer_id?: string;
  /** Only connections in this status */
  @ApiPropertyOptional({ enum: CONNECTION_STATUSES }) override status?: ConnectionStatus;
  /** Only connections to this retailer */
  @ApiPropertyOptional() @IsString() @MinLength(1) @MaxLength(64) override retailer_id?: string;
  @PageLimit() override limit?: number;
  @PageCursor('A connection id from the previous page: the page holds the connections created before it')
  override starting_after?: string;
}

@AtLeastOneField()
export class UpdateConnectionBody extends OmitType(SyncContracts.UpdateConnectionRequest, [
  'actor',
  'teamId',
  'connectionId',
] as const) {
  /** Maps the connection to a customer record @example cust_1234 */
  @ApiPropertyOptional({ minLength: 1, maxLength: 64 }) override customer_id?: string;
  @CustomerEmail() override email?: string | null;
  @CustomerMobile() override mobile?: string | null;
  /** Only `disconnected`: stops purchase collection */
  @ApiPropertyOptional({ enum: ['disconnected'] }) override status?: 'disconnected';
}

export class ConnectionTokenBody {
  /** The only scope: `access` (read the connection's purchases) @example access */
  @Equals('access') scope!: 'access';
}

// --- responses ------------------------------------------------------------------------------------

@ApiSchema({ name: 'ConnectionSnapshot' })
export class ConnectionSnapshotResponse extends SyncContracts.ConnectionSnapshot {
  @ApiProperty({ example: EXAMPLE_CONNECTION_ID }) override connection_id!: string;
  @ApiProperty({ example: 'cust_1234' }) override customer_id!: string;
  @ApiProperty({ example: 'walmart' }) override retailer_id!: string;
  @ApiProperty({ enum: CONNECTION_STATUSES, example: 'active' }) override status!: ConnectionStatus;
  @ApiProperty({ type: String, nullable: true }) override email!: string | null;
  @ApiProperty({ type: String, nullable: true }) override mobile!: string | null;
}

/** The snapshot's fields (in its order, with examples of their own) and the tags. */
@ApiSchema({ name: 'Connection', description: "A shopper's link between a retailer account and your brand" })
export class ConnectionResponse extends ConnectionSnapshotResponse implements PublicConnection {
  @ApiProperty({ type: String, example: 'jo@example.com' }) override email!: string | null;
  @ApiProperty({ type: String, example: null }) override mobile!: string | null;
  @ApiProperty({ example: { utm_campaign: 'spring' } }) tags!: Record<string, string>;
}

@ApiSchema({ name: 'ConnectionList' })
export class ConnectionListResponse extends PickType(SyncContracts.ConnectionList, ['has_more'] as const) {
  @ApiProperty({ type: () => [ConnectionResponse] }) connections!: ConnectionResponse[];
  @ApiProperty({ example: false }) override has_more!: boolean;
}

@ApiSchema({ name: 'ActivityLogEntry' })
export class ActivityLogEntryResponse extends OmitType(SyncContracts.ActivityLogEntry, [
  'connection_before',
  'connection_after',
] as const) {
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) override timestamp!: string;
  @ApiProperty({ enum: ACTOR_SOURCES, example: 'API' }) override event_source!: ActorSource;
  @ApiProperty({ example: 'connection_activated' }) override event!: string;
  @ApiProperty({ type: String, nullable: true }) override details!: string | null;
  @ApiProperty({ enum: ACTOR_ID_TYPES, example: 'client_api_key' }) override source_id_type!: ActorIdType | null;
  @ApiProperty({ type: String, nullable: true, example: 'backend' }) override source_id_name!: string | null;
  @ApiProperty({ type: () => ConnectionSnapshotResponse }) connection_before!: ConnectionSnapshotResponse | null;
  @ApiProperty({ type: () => ConnectionSnapshotResponse }) connection_after!: ConnectionSnapshotResponse | null;
}

@ApiSchema({ name: 'ActivityLogResponse' })
export class ActivityLogResponse extends PickType(SyncContracts.ConnectionActivity, ['connection_id'] as const) {
  @ApiProperty({ example: EXAMPLE_CONNECTION_ID }) override connection_id!: string;
  @ApiProperty({ type: () => [ActivityLogEntryResponse], description: 'Newest first' })
  activity!: ActivityLogEntryResponse[];
}

@ApiSchema({ name: 'ConnectionToken' })
export class ConnectionTokenResponse {
  /** JWT granting `access` to the connection @example eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLiJ9.e30.sig */
  @ApiProperty() connection_token!: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Seconds until the token expires', example: 3600 })
  expires_in!: number;
}
