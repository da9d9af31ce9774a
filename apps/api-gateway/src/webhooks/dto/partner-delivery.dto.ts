import { ApiProperty, ApiPropertyOptional, ApiSchema, PickType } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { EventsContracts, IsOmittable, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cps/contracts';
import { ListDeliveriesQuery } from './webhook.dto.js';

const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The page of `ListDeliveriesQuery`, and which partner app. */
export class ListPartnerDeliveriesQuery extends ListDeliveriesQuery {
  @ApiPropertyOptional({
    description: "Only this partner app's deliveries (an OAuth caller always sees its own app's only)",
    example: 'cpa_01JD3MC4X6Z8B0D2F4H6K8M0P2',
    maxLength: 64,
    pattern: CLIENT_ID_PATTERN.source,
  })
  @IsOmittable()
  @IsString()
  @Matches(CLIENT_ID_PATTERN)
  client_id?: string;
}

@ApiSchema({ name: 'PartnerDelivery', description: 'One event on its way to a partner app the team installed' })
export class PartnerDeliveryResponse extends EventsContracts.PartnerDelivery {
  @ApiProperty({ example: '01JD3MD0000000000000000000' }) override delivery_id!: string;
  @ApiProperty({ description: 'The partner app (OAuth client id)', example: 'cpa_01JD3MC4X6Z8B0D2F4H6K8M0P2' })
  override client_id!: string;
  @ApiProperty({ example: '01JD3ME0000000000000000000' }) override event_id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, example: 'purchase.created' }) override event_type!: WebhookEventType;
  @ApiProperty({ enum: EventsContracts.DELIVERY_STATUSES, example: 'succeeded' })
  override status!: EventsContracts.DeliveryStatus;
  @ApiProperty({ type: 'integer', minimum: 0, example: 1 }) override attempts!: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 200 }) override last_status_code!: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) override last_error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null }) override next_attempt_at!:
    string | null;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) override created_at!: string;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:01.000Z' }) override updated_at!: string;
}

@ApiSchema({ name: 'PartnerDeliveryList' })
export class PartnerDeliveryListResponse extends PickType(EventsContracts.PartnerDeliveryList, ['has_more'] as const) {
  @ApiProperty({ type: () => [PartnerDeliveryResponse] }) deliveries!: PartnerDeliveryResponse[];
  @ApiProperty({ example: false }) override has_more!: boolean;
}
