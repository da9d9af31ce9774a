import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { EventsContracts, IsOmittable, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cps/contracts';
import { DeliveryPageResponse, DeliveryProgressResponse } from './delivery-progress.dto.js';
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

/** What a partner delivery delivers, and to which app. */
export class PartnerDeliveryEvent {
  @ApiProperty({ example: '01JD3MD0000000000000000000' }) delivery_id!: string;
  /** The partner app (OAuth client id) @example cpa_01JD3MC4X6Z8B0D2F4H6K8M0P2 */
  @ApiProperty() client_id!: string;
  @ApiProperty({ example: '01JD3ME0000000000000000000' }) event_id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, example: 'purchase.created' }) event_type!: WebhookEventType;
}

@ApiSchema({ name: 'PartnerDelivery', description: 'One event on its way to a partner app the team installed' })
export class PartnerDeliveryResponse
  extends DeliveryProgressResponse(PartnerDeliveryEvent)
  implements EventsContracts.PartnerDelivery {}

@ApiSchema({ name: 'PartnerDeliveryList' })
export class PartnerDeliveryListResponse extends DeliveryPageResponse(
  EventsContracts.PartnerDeliveryList,
  PartnerDeliveryResponse,
) {}
