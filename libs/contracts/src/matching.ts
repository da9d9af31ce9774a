import {
  ArrayMaxSize,
  IsBoolean,
  IsArray,
  IsDefined,
  IsInt,
  IsISO8601,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineEvent, defineRpc, Paged, Type, TeamScoped } from './contract.js';
import { MONEY_PATTERN, ProductRef, PurchaseDetail } from './resources.js';
import { LIST_LIMIT } from './rules.js';
import { IsNullable, IsOmittable, IsOneOf, IsStringRecord } from './validators.js';

const SERVICE = 'matching-service';

/** Items per `matching.items.rematched.v1` event (a page of a re-match is split). */
export const REMATCHED_PER_EVENT = 500;

/** A collected purchase with each item's `product` set to the team's matched product (or null). */
export class PurchaseMatched {
  @IsDefined() @ValidateNested() @Type(() => PurchaseDetail) purchase!: PurchaseDetail;
}
export const purchaseMatched = defineEvent('matching.purchase.matched.v1', PurchaseMatched);

export class GetPurchaseMatchesRequest extends TeamScoped {
  @IsString() purchaseId!: string;
}

export class ItemMatch {
  @IsString() item_id!: string;
  @IsNullable() @IsDefined() @ValidateNested() @Type(() => ProductRef) product!: ProductRef | null;
}

export class PurchaseMatches {
  @IsArray() @ValidateNested({ each: true }) @Type(() => ItemMatch) matches!: ItemMatch[];
}

/** The team's matched product for each item of a purchase (items never matched are absent). */
export const getPurchaseMatches = defineRpc(
  'matching-service',
  'matching.get-purchase-matches.v1',
  GetPurchaseMatchesRequest,
  PurchaseMatches,
);

export class TeamTopProductsRequest extends TeamScoped {
  /** First and last day of the purchases, `YYYY-MM-DD` (UTC), both included. */
  @Matches(/^\d{4}-\d{2}-\d{2}$/) from!: string;
  @Matches(/^\d{4}-\d{2}-\d{2}$/) to!: string;
  /** Items of simulated (test mode) or of real purchases. */
  @IsBoolean() simulated!: boolean;
  @IsInt() @Min(1) @Max(LIST_LIMIT.max) limit!: number;
}

export class TopProduct {
  @IsString() product_id!: string;
  @IsString() name!: string;
  @IsNullable() @IsString() brand!: string | null;
  @IsNullable() @IsString() upc!: string | null;
  /** Sum of the matched items' quantities. */
  @IsInt() @Min(0) units!: number;
  /** Sum of the matched items' price times quantity. */
  @Matches(MONEY_PATTERN) spend!: string;
}

export class TeamTopProducts {
  /** Most units first (then spend, then name); items matched before quantities were kept are not counted. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => TopProduct) products!: TopProduct[];
}

/** The dashboard overview's top products: the team's catalog products its shoppers bought most in a date range. */
export const teamTopProducts = defineRpc(
  SERVICE,
  'matching.team-top-products.v1',
  TeamTopProductsRequest,
  TeamTopProducts,
);

// --- the brand catalog -------------------------------------------------------------------------------

/** The most rows one upsert request carries (the gateway splits an upload so each message stays small). */
export const UPSERT_BATCH_MAX_ROWS = 2_000;

/** A brand product as the REST API shows it. `upc` is the normalized GTIN-14. */
export class Product {
  @IsString() product_id!: string;
  @IsString() name!: string;
  @IsNullable() @IsString() brand!: string | null;
  @IsNullable() @IsString() upc!: string | null;
  @IsNullable() @IsString() sku!: string | null;
  /** SKUs by retailer id (matched only at that retailer). */
  @IsStringRecord() skus!: Record<string, string>;
  @IsNullable() @IsString() group!: string | null;
  @IsISO8601() created_at!: string;
  @IsISO8601() updated_at!: string;
}

/** One row of an upload, already checked by the gateway (checkCatalogRows of @cps/domain). */
export class CatalogRowMessage {
  /** The row's position in the upload (1-based), echoed in its result. */
  @IsInt() @Min(1) row!: number;
  @IsNullable() @IsString() @MaxLength(64) product_id!: string | null;
  @IsString() @MaxLength(300) name!: string;
  @IsNullable() @IsString() @MaxLength(200) brand!: string | null;
  @IsNullable() @Matches(/^\d{14}$/) gtin!: string | null;
  @IsNullable() @IsString() @MaxLength(64) sku!: string | null;
  @IsNullable() @IsString() @MaxLength(64) group!: string | null;
  @IsStringRecord({ maxKeys: 50, maxValueLength: 64 }) skus!: Record<string, string>;
}

export class UpsertProductsRequest extends TeamScoped {
  @IsArray()
  @ArrayMaxSize(UPSERT_BATCH_MAX_ROWS)
  @ValidateNested({ each: true })
  @Type(() => CatalogRowMessage)
  rows!: CatalogRowMessage[];
}

export const ROW_STATUSES = ['created', 'updated', 'unchanged', 'rejected'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export class RowErrorMessage {
  @IsString() field!: string;
  @IsString() type!: string;
  @IsString() msg!: string;
}

export class RowResult {
  @IsInt() @Min(1) row!: number;
  @IsOneOf(ROW_STATUSES) status!: RowStatus;
  /** The product the row created, changed or left as it was; absent when rejected. */
  @IsOmittable() @IsString() product_id?: string;
  @IsOmittable() @IsArray() @ValidateNested({ each: true }) @Type(() => RowErrorMessage) errors?: RowErrorMessage[];
}

export class UpsertProductsResult {
  @IsArray() @ValidateNested({ each: true }) @Type(() => RowResult) results!: RowResult[];
}

/**
 * Creates or changes the team's products, each row whole or not at all, in one transaction that also records
 * `matching.catalog.changed.v1` when anything changed.
 */
export const upsertProducts = defineRpc(
  SERVICE,
  'matching.upsert-products.v1',
  UpsertProductsRequest,
  UpsertProductsResult,
);

export class ListProductsRequest extends Paged(TeamScoped) {
  @IsOmittable() @IsString() group?: string;
}

export class ProductList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Product) products!: Product[];
  @IsBoolean() has_more!: boolean;
}

/** The team's products by id (ULIDs: oldest first); `starting_after` a product id of the previous page. */
export const listProducts = defineRpc(SERVICE, 'matching.list-products.v1', ListProductsRequest, ProductList);

export class ProductRefRequest extends TeamScoped {
  @IsString() productId!: string;
}

/** One product of the team; 404 for an unknown or foreign id. */
export const getProduct = defineRpc(SERVICE, 'matching.get-product.v1', ProductRefRequest, Product);

export class DeletedProduct {
  @IsString() product_id!: string;
}

/** Deletes the product; items matched to it are matched again against the rest of the catalog. 404 when unknown. */
export const deleteProduct = defineRpc(SERVICE, 'matching.delete-product.v1', ProductRefRequest, DeletedProduct);

/** The team's catalog changed (envelope teamId): `version` counts the team's catalog changes. */
export class CatalogChanged {
  @IsInt() @Min(1) version!: number;
  /**
   * The products created or changed, as they are now (absent on a deletion, and on events recorded before
   * 2026-11-28): readers holding a product's name (the MCP read model) rename it.
   */
  @IsOmittable() @IsArray() @ValidateNested({ each: true }) @Type(() => ProductRef) products?: ProductRef[];
}

/**
 * Consumed by matching-service itself (re-matches the team's purchases of the last 90 days) and by mcp-server (its
 * items show a renamed product's new name).
 */
export const catalogChanged = defineEvent('matching.catalog.changed.v1', CatalogChanged);

export class RematchedItem {
  @IsString() purchase_id!: string;
  @IsString() item_id!: string;
  @IsNullable() @IsDefined() @ValidateNested() @Type(() => ProductRef) product!: ProductRef | null;
}

export class ItemsRematched {
  @IsArray()
  @ArrayMaxSize(REMATCHED_PER_EVENT)
  @ValidateNested({ each: true })
  @Type(() => RematchedItem)
  items!: RematchedItem[];
}

/**
 * Items whose match changed when a catalog change re-matched the team's recent purchases (envelope teamId), each with
 * its product now (or null). Internal: no second `purchase.created` goes out; readers holding matches (the MCP read
 * model) follow it, as the REST API reads matches at request time.
 */
export const itemsRematched = defineEvent('matching.items.rematched.v1', ItemsRematched);
