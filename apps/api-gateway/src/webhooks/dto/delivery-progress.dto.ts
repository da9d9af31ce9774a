import { type Type } from '@nestjs/common';
import { ApiProperty, PickType } from '@nestjs/swagger';
import { EventsContracts, type MixinBase } from '@cps/contracts';

/**
 * How a webhook or partner delivery stands (the contract's `WithDeliveryProgress`), as the reference documents
 * it: added after the fields of `Base` (what is delivered, and where).
 */
export function DeliveryProgressResponse<B extends MixinBase>(Base: B) {
  class DeliveryProgress extends Base {
    @ApiProperty({ enum: EventsContracts.DELIVERY_STATUSES, example: 'succeeded' })
    status!: EventsContracts.DeliveryStatus;
    @ApiProperty({ type: 'integer', minimum: 0, example: 1 }) attempts!: number;
    @ApiProperty({ type: 'integer', nullable: true, example: 200 }) last_status_code!: number | null;
    @ApiProperty({ type: String, nullable: true, example: null }) last_error!: string | null;
    @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null }) next_attempt_at!: string | null;
    @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) created_at!: string;
    @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:01.000Z' }) updated_at!: string;
  }
  return DeliveryProgress;
}

/** A page of deliveries (`Item`s), paged as the contract's `Page` says with `has_more`. */
export function DeliveryPageResponse<P extends { has_more: boolean }, I>(Page: Type<P>, Item: Type<I>) {
  class DeliveryPage extends PickType(Page, ['has_more'] as const) {
    @ApiProperty({ type: () => [Item] }) deliveries!: I[];
    @ApiProperty({ example: false }) override has_more!: boolean;
  }
  return DeliveryPage;
}
