import { IsInt, IsISO8601, IsString, Min } from 'class-validator';
import { type MixinBase } from './contract.js';
import { IsNullable, IsOneOf } from './validators.js';

/** Where a delivery to a brand's or partner's endpoint (a webhook, a partner webhook, an award) stands. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * How a delivery retried until it succeeds or fails for good is going: its status, the attempts made, the last
 * answer and the next try. Added after the fields of `Base` (what is delivered, and where), as the API shows them.
 */
export function WithDeliveryProgress<B extends MixinBase>(Base: B) {
  class DeliveryProgress extends Base {
    @IsOneOf(DELIVERY_STATUSES) status!: DeliveryStatus;
    @IsInt() @Min(0) attempts!: number;
    @IsNullable() @IsInt() last_status_code!: number | null;
    @IsNullable() @IsString() last_error!: string | null;
    @IsNullable() @IsISO8601({ strict: true }) next_attempt_at!: string | null;
    @IsISO8601({ strict: true }) created_at!: string;
    @IsISO8601({ strict: true }) updated_at!: string;
  }
  return DeliveryProgress;
}
