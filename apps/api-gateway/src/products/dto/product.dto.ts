import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { MatchingContracts } from '@cps/contracts';
import { CATALOG_LIMITS } from '@cps/domain';
import { ID_DOC, PageCursor, PageLimit, PathId } from '../../http/api-fields.js';

const EXAMPLE_PRODUCT_ID = '01JD3MC4X6Z8B0D2F4H6K8M0P2';
const SKUS_DOC = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: CATALOG_LIMITS.sku },
  description:
    'SKUs by retailer id (`{"walmart": "5551234", "target": "082-01-1234"}`): an item bought at that retailer ' +
    'with that SKU is this product. In CSV: one `sku:<retailer_id>` column per retailer.',
  example: { walmart: '5551234', target: '082-01-1234' },
} as const;

// --- requests -------------------------------------------------------------------------------------

export class ProductPath {
  @PathId('Product id', EXAMPLE_PRODUCT_ID) product_id!: string;
}

export class ListProductsQuery extends OmitType(MatchingContracts.ListProductsRequest, ['teamId'] as const) {
  @PageLimit() override limit?: number;
  @PageCursor('A product id from the previous page: the page holds the next products') override starting_after?: string;

  @ApiPropertyOptional({ description: 'Only products of this group', maxLength: CATALOG_LIMITS.group })
  @IsString()
  @MinLength(1)
  @MaxLength(CATALOG_LIMITS.group)
  override group?: string;
}

/** One row of `PUT /products` (documentation only: rows are checked one by one, see the operation). */
export class ProductRowBody {
  /** An existing product to change (an unknown id rejects the row); without it, the row names its product by upc/gtin, then sku, then a retailer SKU, else creates one */
  @ApiPropertyOptional(ID_DOC) product_id?: string;

  @ApiProperty({ maxLength: CATALOG_LIMITS.name, example: 'Acme Ultra Dish Soap, Lemon, 12 oz' }) name!: string;
  @ApiPropertyOptional({ maxLength: CATALOG_LIMITS.brand, example: 'Acme' }) brand?: string;

  /** UPC-A, EAN-13, GTIN-14, EAN-8 or UPC-E with its check digit; spaces and dashes ignored. Send it as a string: a JSON number loses leading zeros @example '036000291452' */
  @ApiPropertyOptional() upc?: string;
  /** Same as `upc` (send one or both; they must agree) @example '00036000291452' */
  @ApiPropertyOptional() gtin?: string;
  /** A SKU the product has at every retailer (matched at any retailer) @example ACME-DS-12 */
  @ApiPropertyOptional({ maxLength: CATALOG_LIMITS.sku }) sku?: string;
  @ApiPropertyOptional(SKUS_DOC) skus?: Record<string, string>;
  /** A group of your choosing @example dish-care */
  @ApiPropertyOptional({ maxLength: CATALOG_LIMITS.group }) group?: string;
}

// --- responses ------------------------------------------------------------------------------------

export class ProductResponse extends MatchingContracts.Product {
  @ApiProperty({ example: EXAMPLE_PRODUCT_ID }) override product_id!: string;
  @ApiProperty({ example: 'Acme Ultra Dish Soap, Lemon, 12 oz' }) override name!: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'Acme' }) override brand!: string | null;
  /** GTIN-14 (UPC-A and others zero-padded) @example '00036000291452' */
  @ApiProperty({ type: 'string' }) override upc!: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'ACME-DS-12' }) override sku!: string | null;
  @ApiProperty(SKUS_DOC) override skus!: Record<string, string>;
  @ApiProperty({ type: 'string', nullable: true, example: 'dish-care' }) override group!: string | null;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) override created_at!: string;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) override updated_at!: string;
}

export class ProductListResponse {
  @ApiProperty({ type: () => [ProductResponse] }) products!: ProductResponse[];
  @ApiProperty({ example: false }) has_more!: boolean;
}

export class RowErrorResponse {
  @ApiProperty({ description: 'The field at fault (`upc`, `skus.walmart`), or `row`', example: 'upc' }) field!: string;
  @ApiProperty({
    description:
      'Machine-readable reason: `gtin_bad_check_digit`, `gtin_bad_length`, `gtin_not_digits`, `gtin_all_zeros`, ' +
      '`gtin_mismatch`, `missing`, `string_type`, `string_too_long`, `string_pattern_mismatch`, `extra_forbidden`, ' +
      '`retailer_id`, `dict_type`, `duplicate_in_file`, `conflict`, `not_found`',
    example: 'gtin_bad_check_digit',
  })
  type!: string;
  @ApiProperty({ example: 'bad check digit' }) msg!: string;
}

export class RowResultResponse {
  /** Position of the row (1 = first data row; CSV line = row + 1) */
  @ApiProperty({ type: 'integer', minimum: 1 }) row!: number;
  @ApiProperty({ enum: MatchingContracts.ROW_STATUSES, example: 'created' }) status!: MatchingContracts.RowStatus;
  @ApiPropertyOptional({ description: 'The product of the row (absent when rejected)', example: EXAMPLE_PRODUCT_ID })
  product_id?: string;
  @ApiPropertyOptional({ type: () => [RowErrorResponse], description: 'Why the row was rejected' })
  errors?: RowErrorResponse[];
}

export class UpsertProductsResponse {
  @ApiProperty({ type: 'integer', example: 2 }) created!: number;
  @ApiProperty({ type: 'integer', example: 1 }) updated!: number;
  @ApiProperty({ type: 'integer', example: 0 }) unchanged!: number;
  @ApiProperty({ type: 'integer', example: 1 }) rejected!: number;
  @ApiProperty({ type: () => [RowResultResponse], description: 'One result per row, in upload order' })
  results!: RowResultResponse[];
}
