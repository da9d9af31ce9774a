import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema, OmitType, PickType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { EventsContracts, IsOneOf, Webhook, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cps/contracts';
import { DeliveryPageResponse, DeliveryProgressResponse } from './delivery-progress.dto.js';
import { HttpUrl, ListResponse, PageCursor, PageLimit, PathId } from '../../http/api-fields.js';
import { AtLeastOneField } from '../../http/body-rules.js';

const EXAMPLE_WEBHOOK_ID = '01JD3MC4X6Z8B0D2F4H6K8M0P2';
const MAX_EVENT_TYPES = WEBHOOK_EVENT_TYPES.length * 4;

// --- requests -------------------------------------------------------------------------------------

export class WebhookPath {
  @PathId('Webhook destination id', EXAMPLE_WEBHOOK_ID) webhook_id!: string;
}

export class DeliveryPath extends WebhookPath {
  @PathId('Delivery id', '01JD3MD0000000000000000000') delivery_id!: string;
}

export class ListDeliveriesQuery extends PickType(EventsContracts.ListDeliveriesRequest, [
  'limit',
  'starting_after',
] as const) {
  @PageLimit() override limit?: number;
  @PageCursor('A delivery id from the previous page: the page holds older deliveries') override starting_after?: string;
}

// Format only: which URLs may receive deliveries (https, public hosts) is events-service's policy.
const URL_DOC = {
  format: 'uri',
  maxLength: 2048,
  description: 'Where deliveries are POSTed (http or https)',
  example: 'https://hooks.example.com/cps',
} as const;

/** The event types of a destination (restating the contract's rules: see connection.dto.ts). */
const EventTypes = (required?: false) =>
  applyDecorators(
    IsOneOf(WEBHOOK_EVENT_TYPES, { each: true }),
    ArrayMaxSize(MAX_EVENT_TYPES),
    ArrayMinSize(1),
    IsArray(),
    ApiProperty({
      enum: WEBHOOK_EVENT_TYPES,
      isArray: true,
      minItems: 1,
      maxItems: MAX_EVENT_TYPES,
      description: 'The event types sent to this destination',
      example: ['purchase.created'],
      required,
    }),
  );

export class CreateWebhookBody extends OmitType(EventsContracts.CreateWebhookRequest, ['teamId'] as const) {
  @ApiPropertyOptional({ maxLength: 200, example: 'Loyalty backend' }) override name?: string;
  @HttpUrl(URL_DOC) override url!: string;
  @EventTypes() override event_types!: WebhookEventType[];
  @ApiPropertyOptional({ default: true }) override is_active?: boolean;
  @ApiPropertyOptional({ default: false, description: 'Also send events of simulated connections' })
  override receive_simulated_events?: boolean;
}

@AtLeastOneField()
export class UpdateWebhookBody extends OmitType(EventsContracts.UpdateWebhookRequest, [
  'teamId',
  'webhookId',
] as const) {
  @ApiPropertyOptional({ maxLength: 200, example: 'Loyalty backend' }) override name?: string;
  @HttpUrl({ ...URL_DOC, required: false }) override url?: string;
  @EventTypes(false) override event_types?: WebhookEventType[];
  @ApiPropertyOptional({ description: '`true` also clears a disable caused by a 410' }) override is_active?: boolean;
  @ApiPropertyOptional() override receive_simulated_events?: boolean;
}

// --- responses ------------------------------------------------------------------------------------

@ApiSchema({ name: 'Webhook', description: 'A webhook destination' })
export class WebhookResponse extends Webhook {
  @ApiProperty({ example: EXAMPLE_WEBHOOK_ID }) override webhook_id!: string;
  @ApiProperty({ example: 'Loyalty backend' }) override name!: string;
  @ApiProperty({ example: 'https://hooks.example.com/cps' }) override url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['purchase.created'] })
  override event_types!: WebhookEventType[];
  @ApiProperty({ example: true }) override is_active!: boolean;
  @ApiProperty({ example: false }) override receive_simulated_events!: boolean;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T10:00:00.000Z' }) override created_at!: string;
}

@ApiSchema({ name: 'CreatedWebhook' })
export class CreatedWebhookResponse extends WebhookResponse {
  /** Signing secret (`whsec_...`, Standard Webhooks); shown only here @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw */
  @ApiProperty() secret!: string;
}

@ApiSchema({ name: 'WebhookList' })
export class WebhookListResponse extends ListResponse('webhooks', WebhookResponse) {}

/** What a webhook delivery delivers, and where. */
export class WebhookDeliveryEvent {
  @ApiProperty({ example: '01JD3MD0000000000000000000' }) delivery_id!: string;
  @ApiProperty({ example: EXAMPLE_WEBHOOK_ID }) webhook_id!: string;
  @ApiProperty({ example: '01JD3ME0000000000000000000' }) event_id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, example: 'purchase.created' }) event_type!: WebhookEventType;
  @ApiProperty({ example: false }) is_simulated!: boolean;
}

@ApiSchema({ name: 'WebhookDelivery', description: 'One event on its way to one destination' })
export class WebhookDeliveryResponse
  extends DeliveryProgressResponse(WebhookDeliveryEvent)
  implements EventsContracts.WebhookDelivery {}

@ApiSchema({ name: 'WebhookDeliveryList' })
export class WebhookDeliveryListResponse extends DeliveryPageResponse(
  EventsContracts.DeliveryList,
  WebhookDeliveryResponse,
) {}
