import { ApiProperty, ApiSchema, OmitType, PickType } from '@nestjs/swagger';
import {
  ProductRef,
  PURCHASE_TYPES,
  PurchaseDetail,
  PurchaseItem,
  SyncContracts,
  type PurchaseType,
} from '@cps/contracts';
import { PageCursor, PageLimit, PathId } from '../../http/api-fields.js';

const EXAMPLE_PURCHASE_ID = '01JD3M9K2F4H6J8L0N2P4R6S8T';
const MONEY = { pattern: '^-?\\d+\\.\\d{2}$', description: 'Decimal amount with two places, as text' } as const;

export class ListPurchasesQuery extends PickType(SyncContracts.ListPurchasesRequest, [
  'limit',
  'starting_after',
] as const) {
  @PageLimit('Page size, 1 to 50 (default 10)', 50, 10) override limit?: number;
  @PageCursor('The purchase id of the last purchase processed; the page starts with the next older purchase')
  override starting_after?: string;
}

export class PurchasePath {
  @PathId('Purchase id', EXAMPLE_PURCHASE_ID) purchase_id!: string;
}

@ApiSchema({ name: 'PurchaseListEntry' })
export class PurchaseListEntryResponse extends SyncContracts.PurchaseListEntry {
  @ApiProperty({ example: EXAMPLE_PURCHASE_ID }) override purchase_id!: string;
  @ApiProperty({ format: 'date-time', description: 'Purchase date', example: '2026-01-04T15:30:00.000Z' })
  override date!: string;
  @ApiProperty({ ...MONEY, example: '42.17' }) override total!: string;
  @ApiProperty({ enum: PURCHASE_TYPES, example: 'online' }) override purchase_type!: PurchaseType;
}

@ApiSchema({ name: 'PurchaseList' })
export class PurchaseListResponse extends PickType(SyncContracts.PurchaseList, ['has_more'] as const) {
  @ApiProperty({ example: true }) override has_more!: boolean;
  @ApiProperty({ type: () => [PurchaseListEntryResponse], description: 'Newest first; equal dates by purchase id' })
  purchases!: PurchaseListEntryResponse[];
}

@ApiSchema({ name: 'ProductRef', description: "One of your brand's products" })
export class ProductRefResponse extends PickType(ProductRef, ['product_id', 'name', 'brand', 'upc'] as const) {
  @ApiProperty({ example: '01JD3MB0000000000000000000' }) override product_id!: string;
  @ApiProperty({ example: 'Sparkling Water 12 pack' }) override name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Fizz Co' }) override brand!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '012345678905' }) override upc!: string | null;
}

@ApiSchema({ name: 'PurchaseItem' })
export class PurchaseItemResponse extends OmitType(PurchaseItem, ['product'] as const) {
  @ApiProperty({ example: '01JD3MA0000000000000000000' }) override item_id!: string;
  @ApiProperty({ example: 'Sparkling Water 12 pack' }) override name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Fizz Co' }) override brand!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '012345678905' }) override upc!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'FZ-12' }) override sku!: string | null;
  @ApiProperty({ ...MONEY, example: '5.99' }) override price!: string;
  @ApiProperty({ type: 'integer', minimum: 1, example: 2 }) override quantity!: number;
  /** The matched product of your brand, or null */
  @ApiProperty({ type: () => ProductRefResponse }) product!: ProductRefResponse | null;
}

@ApiSchema({ name: 'PurchaseDetail' })
export class PurchaseDetailResponse extends OmitType(PurchaseDetail, ['items'] as const) {
  @ApiProperty({ example: EXAMPLE_PURCHASE_ID }) override purchase_id!: string;
  @ApiProperty({ example: '01JD3M5Q7X9C2B4N6R8T0V1W2Y' }) override connection_id!: string;
  @ApiProperty({ example: 'walmart' }) override retailer_id!: string;
  @ApiProperty({ format: 'date-time', example: '2026-01-04T15:30:00.000Z' }) override date!: string;
  @ApiProperty({ enum: PURCHASE_TYPES, example: 'online' }) override purchase_type!: PurchaseType;
  @ApiProperty({ minLength: 3, maxLength: 3, description: 'ISO 4217 code', example: 'USD' }) override currency!: string;
  @ApiProperty({ ...MONEY, description: 'Sum of price x quantity over `items`', example: '11.98' })
  override items_subtotal!: string;
  @ApiProperty({ ...MONEY, example: '0.00' }) override discounts!: string;
  @ApiProperty({ ...MONEY, example: '0.00' }) override shipping!: string;
  @ApiProperty({ ...MONEY, example: '0.00' }) override fees!: string;
  @ApiProperty({ ...MONEY, example: '0.96' }) override tax!: string;
  @ApiProperty({ ...MONEY, example: '12.94' }) override total!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Units over `items`', example: 2 })
  override item_count!: number;
  @ApiProperty({ example: false }) override is_simulated!: boolean;
  @ApiProperty({ type: () => [PurchaseItemResponse] }) items!: PurchaseItemResponse[];
}
