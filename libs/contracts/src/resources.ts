import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsISO8601,
  IsString,
  Length,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from './contract.js';
import { toPublicConnectionStatus } from './rules.js';
import { IsNullable, IsOneOf, IsStringRecord } from './validators.js';

// Public resource shapes (snake_case, as the REST API and webhooks show them). Never rename a field.

export const CONNECTION_STATUSES = ['initialized', 'active', 'unauthenticated', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Adds `revoked` (the shopper withdrew this brand's access), which brands see as `disconnected`. */
export const INTERNAL_CONNECTION_STATUSES = [...CONNECTION_STATUSES, 'revoked'] as const;
export type InternalConnectionStatus = (typeof INTERNAL_CONNECTION_STATUSES)[number];

/** Money as the API shows it: a decimal string with two places (`-1.50`, `12.00`). */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;

export class Connection {
  @IsString() connection_id!: string;
  @IsString() customer_id!: string;
  @IsString() retailer_id!: string;
  @IsOneOf(INTERNAL_CONNECTION_STATUSES) status!: InternalConnectionStatus;
  @IsNullable() @IsString() email!: string | null;
  @IsNullable() @IsString() mobile!: string | null;
  @IsStringRecord() tags!: Record<string, string>;
  @IsBoolean() is_simulated!: boolean;
  @IsISO8601({ strict: true }) created_at!: string;
}

/** The Connection a brand sees (REST resource and `connection.*` webhooks): no internal fields or statuses. */
export class PublicConnection {
  @IsString() connection_id!: string;
  @IsString() customer_id!: string;
  @IsString() retailer_id!: string;
  @IsOneOf(CONNECTION_STATUSES) status!: ConnectionStatus;
  @IsNullable() @IsString() email!: string | null;
  @IsNullable() @IsString() mobile!: string | null;
  @IsStringRecord() tags!: Record<string, string>;
}

/** Internal `revoked` shows as `disconnected`; the field order is the order of the JSON body. */
export function publicConnection(connection: Connection): PublicConnection {
  return {
    connection_id: connection.connection_id,
    customer_id: connection.customer_id,
    retailer_id: connection.retailer_id,
    status: toPublicConnectionStatus(connection.status),
    email: connection.email,
    mobile: connection.mobile,
    tags: connection.tags,
  };
}

export class ProductRef {
  @IsString() product_id!: string;
  @IsString() name!: string;
  @IsNullable() @IsString() brand!: string | null;
  @IsNullable() @IsString() upc!: string | null;
}

export class PurchaseItem {
  @IsString() item_id!: string;
  @IsString() name!: string;
  @IsNullable() @IsString() brand!: string | null;
  @IsNullable() @IsString() upc!: string | null;
  @IsNullable() @IsString() sku!: string | null;
  @Matches(MONEY_PATTERN) price!: string;
  @IsInt() @Min(1) quantity!: number;
  @IsNullable() @IsDefined() @ValidateNested() @Type(() => ProductRef) product!: ProductRef | null;
}

export const PURCHASE_TYPES = ['online', 'in_store'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

export class PurchaseDetail {
  @IsString() purchase_id!: string;
  @IsString() connection_id!: string;
  @IsString() retailer_id!: string;
  @IsISO8601({ strict: true }) date!: string;
  @IsOneOf(PURCHASE_TYPES) purchase_type!: PurchaseType;
  @IsString() @Length(3, 3) currency!: string;
  @Matches(MONEY_PATTERN) items_subtotal!: string;
  @Matches(MONEY_PATTERN) discounts!: string;
  @Matches(MONEY_PATTERN) shipping!: string;
  @Matches(MONEY_PATTERN) fees!: string;
  @Matches(MONEY_PATTERN) tax!: string;
  @Matches(MONEY_PATTERN) total!: string;
  @IsInt() @Min(0) item_count!: number;
  @IsBoolean() is_simulated!: boolean;
  @IsArray() @ValidateNested({ each: true }) @Type(() => PurchaseItem) items!: PurchaseItem[];
}

export const RETAILER_STATUSES = ['active', 'limited', 'inactive'] as const;
export type RetailerStatus = (typeof RETAILER_STATUSES)[number];

export const LINK_VISIBILITIES = ['everyone', 'restricted', 'hidden'] as const;
export type LinkVisibility = (typeof LINK_VISIBILITIES)[number];

export class LinkAudience {
  @IsArray() @IsString({ each: true }) allowed_emails!: string[];
  @IsArray() @IsString({ each: true }) allowed_domains!: string[];
}

/** A retailer as sync-service knows it for one team; the gateway turns ids into public URLs. */
export class TeamRetailer {
  @IsString() retailer_id!: string;
  @IsString() name!: string;
  @IsOneOf(RETAILER_STATUSES) status!: RetailerStatus;
  @IsBoolean() enabled!: boolean;
  @IsNullable() @IsString() link_id!: string | null;
  @IsNullable() @IsOneOf(LINK_VISIBILITIES) link_visibility!: LinkVisibility | null;
  @IsNullable() @IsDefined() @ValidateNested() @Type(() => LinkAudience) link_audience!: LinkAudience | null;
}

export const WEBHOOK_EVENT_TYPES = ['connection.activated', 'purchase.created', 'connection.unauthenticated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export class Webhook {
  @IsString() webhook_id!: string;
  @IsString() name!: string;
  @IsString() url!: string;
  @IsArray() @IsOneOf(WEBHOOK_EVENT_TYPES, { each: true }) event_types!: WebhookEventType[];
  @IsBoolean() is_active!: boolean;
  @IsBoolean() receive_simulated_events!: boolean;
  @IsISO8601({ strict: true }) created_at!: string;
}

export const ACTOR_SOURCES = ['API', 'Dashboard', 'Retailer', 'System', 'Consumer'] as const;
export type ActorSource = (typeof ACTOR_SOURCES)[number];

export const ACTOR_ID_TYPES = ['dashboard_user', 'client_api_key'] as const;
export type ActorIdType = (typeof ACTOR_ID_TYPES)[number];

/** Who caused a change; becomes `event_source` / `source_id_*` in activity entries. */
export class Actor {
  @IsOneOf(ACTOR_SOURCES) source!: ActorSource;
  @IsNullable() @IsOneOf(ACTOR_ID_TYPES) idType!: ActorIdType | null;
  @IsNullable() @IsString() idName!: string | null;
}
