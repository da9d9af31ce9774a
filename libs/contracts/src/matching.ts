import { IsArray, IsDefined, IsString, ValidateNested } from 'class-validator';
import { defineEvent, defineRpc, Type } from './contract.js';
import { ProductRef, PurchaseDetail } from './resources.js';
import { IsNullable } from './validators.js';

/** A collected purchase with each item's `product` set to the team's matched product (or null). */
export class PurchaseMatched {
  @IsDefined() @ValidateNested() @Type(() => PurchaseDetail) purchase!: PurchaseDetail;
}
export const purchaseMatched = defineEvent('matching.purchase.matched.v1', PurchaseMatched);

export class GetPurchaseMatchesRequest {
  @IsString() teamId!: string;
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
