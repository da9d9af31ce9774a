import {
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsISO8601,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { defineRpc, Paged, Type, TeamScoped, type MessageClass } from './contract.js';
import { DELIVERY_STATUSES, WithDeliveryProgress, type DeliveryStatus } from './delivery-progress.js';
import { PublicConnection, PurchaseDetail, Webhook, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './resources.js';
import { IsNullable, IsOmittable, IsOneOf, IsStringRecord } from './validators.js';

const SERVICE = 'events-service';

export class CreateWebhookRequest extends TeamScoped {
  @IsOmittable() @IsString() @MaxLength(200) name?: string;
  @IsString() url!: string;
  @IsArray() @ArrayMinSize(1) @IsOneOf(WEBHOOK_EVENT_TYPES, { each: true }) event_types!: WebhookEventType[];
  @IsBoolean() is_active?: boolean = true;
  @IsBoolean() receive_simulated_events?: boolean = false;
}

/** A new destination: the signing secret is shown this once. */
export class CreatedWebhook extends Webhook {
  @IsString() secret!: string;
}

export const createWebhook = defineRpc(SERVICE, 'events.create-webhook.v1', CreateWebhookRequest, CreatedWebhook);

export class WebhookList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Webhook) webhooks!: Webhook[];
}

export const listWebhooks = defineRpc(SERVICE, 'events.list-webhooks.v1', TeamScoped, WebhookList);

/** Addresses one webhook destination of a team; an unknown or foreign id is refused with 404. */
export class WebhookRef extends TeamScoped {
  @IsString() webhookId!: string;
}

export const getWebhook = defineRpc(SERVICE, 'events.get-webhook.v1', WebhookRef, Webhook);

export class UpdateWebhookRequest extends WebhookRef {
  @IsOmittable() @IsString() @MaxLength(200) name?: string;
  @IsOmittable() @IsString() url?: string;
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @IsOneOf(WEBHOOK_EVENT_TYPES, { each: true })
  event_types?: WebhookEventType[];
  @IsOmittable() @IsBoolean() is_active?: boolean;
  @IsOmittable() @IsBoolean() receive_simulated_events?: boolean;
}

/** Changes only the fields given. Setting `is_active: true` also clears a 410-disable. */
export const updateWebhook = defineRpc(SERVICE, 'events.update-webhook.v1', UpdateWebhookRequest, Webhook);

export class DeletedWebhook {
  @IsString() webhook_id!: string;
}

/** Deletes the destination with its deliveries; nothing more is sent to it. */
export const deleteWebhook = defineRpc(SERVICE, 'events.delete-webhook.v1', WebhookRef, DeletedWebhook);

export { DELIVERY_STATUSES, type DeliveryStatus };

/** Which event goes to which destination. */
class WebhookDeliveryEvent {
  @IsString() delivery_id!: string;
  @IsString() webhook_id!: string;
  @IsString() event_id!: string;
  @IsOneOf(WEBHOOK_EVENT_TYPES) event_type!: WebhookEventType;
  @IsBoolean() is_simulated!: boolean;
}

/** One event on its way to one destination, as `GET /webhooks/{id}/deliveries` shows it. */
export class WebhookDelivery extends WithDeliveryProgress(WebhookDeliveryEvent) {}

export class ListDeliveriesRequest extends Paged(WebhookRef) {}

export class DeliveryList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => WebhookDelivery) deliveries!: WebhookDelivery[];
  @IsBoolean() has_more!: boolean;
}

/** Newest first; `starting_after` (a delivery id) gives the next older page. */
export const listDeliveries = defineRpc(SERVICE, 'events.list-deliveries.v1', ListDeliveriesRequest, DeliveryList);

export class ListPartnerDeliveriesRequest extends Paged(TeamScoped) {
  /** Only this partner app's deliveries (a partner reading its own); all the team's partner apps otherwise. */
  @IsOmittable() @IsString() clientId?: string;
}

/** Which event goes to which partner app. */
class PartnerDeliveryEvent {
  @IsString() delivery_id!: string;
  @IsString() client_id!: string;
  @IsString() event_id!: string;
  @IsOneOf(WEBHOOK_EVENT_TYPES) event_type!: WebhookEventType;
}

/** A delivery to a partner app installed by the team (ADR 0008): which app, and how it went. */
export class PartnerDelivery extends WithDeliveryProgress(PartnerDeliveryEvent) {}

export class PartnerDeliveryList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => PartnerDelivery) deliveries!: PartnerDelivery[];
  @IsBoolean() has_more!: boolean;
}

/** The team's partner-app deliveries, newest first; `starting_after` (a delivery id) gives the next older page. */
export const listPartnerDeliveries = defineRpc(
  SERVICE,
  'events.list-partner-deliveries.v1',
  ListPartnerDeliveriesRequest,
  PartnerDeliveryList,
);

export class RetryDeliveryRequest extends WebhookRef {
  @IsString() deliveryId!: string;
}

/**
 * Sends a finished (succeeded or failed) delivery once more, now, with the same `webhook-id`.
 * 409 while it is still pending or when the webhook is not active.
 */
export const retryDelivery = defineRpc(SERVICE, 'events.retry-delivery.v1', RetryDeliveryRequest, WebhookDelivery);

/** What the destination answered to a test event (nothing is stored: the event is an example). */
export class SentTestWebhook {
  @IsString() event_id!: string;
  @IsOneOf(WEBHOOK_EVENT_TYPES) event_type!: WebhookEventType;
  @IsNullable() @IsInt() status_code!: number | null;
  /** Why no status came (refused address, timeout, connection error); null when one did. */
  @IsNullable() @IsString() error!: string | null;
  @IsInt() @Min(0) duration_ms!: number;
}

/**
 * Sends a signed example `connection.activated` (`is_simulated: true`, an example connection) to the destination
 * now, whatever its event types and simulated-events choice, and answers what the endpoint said. Creates no
 * connection, event or delivery: the team's data stays as it is. 404 for another team's destination.
 */
export const sendTestWebhook = defineRpc(SERVICE, 'events.send-test-webhook.v1', WebhookRef, SentTestWebhook);

export class DeliveryAttempt {
  @IsISO8601({ strict: true }) attempted_at!: string;
  @IsNullable() @IsInt() status_code!: number | null;
  @IsNullable() @IsString() error!: string | null;
  @IsInt() @Min(0) duration_ms!: number;
  /** The start (2 KB) of the receiver's answer; null when none came or before it was kept. */
  @IsNullable() @IsString() response_body!: string | null;
}

export class DeliveryDetail extends WebhookDelivery {
  /** The request body, byte for byte as signed and sent. */
  @IsString() payload!: string;
  /** The request's headers as the last attempt sent them; the signature is redacted. */
  @IsStringRecord() request_headers!: Record<string, string>;
  /** Oldest first. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => DeliveryAttempt) attempts_log!: DeliveryAttempt[];
}

export class DeliveryRef extends WebhookRef {
  @IsString() deliveryId!: string;
}

/** One delivery with its payload, request headers (signature redacted) and every attempt's answer. */
export const getDelivery = defineRpc(SERVICE, 'events.get-delivery.v1', DeliveryRef, DeliveryDetail);

export class RetriedDeliveries {
  @IsInt() @Min(0) requeued!: number;
}

/** Sends every failed delivery of the destination again now (same `webhook-id`s); 409 when it is not active. */
export const retryFailedDeliveries = defineRpc(
  SERVICE,
  'events.retry-failed-deliveries.v1',
  WebhookRef,
  RetriedDeliveries,
);

export class RotateWebhookSecretRequest extends WebhookRef {
  /** How long the old secret keeps signing next to the new one (0: it stops at once), at most 7 days. */
  @IsInt() @Min(0) @Max(168) overlap_hours!: number;
}

export class RotatedWebhookSecret {
  @IsString() webhook_id!: string;
  /** The new signing secret, shown once. */
  @IsString() secret!: string;
  /** Until when requests also carry a signature with the old secret (null: no overlap). */
  @IsNullable() @IsISO8601({ strict: true }) previous_secret_until!: string | null;
}

/** A new signing secret; during the overlap every request is signed with both (`v1,new v1,old`). */
export const rotateWebhookSecret = defineRpc(
  SERVICE,
  'events.rotate-webhook-secret.v1',
  RotateWebhookSecretRequest,
  RotatedWebhookSecret,
);

// Webhook request bodies (Standard Webhooks; see INTERFACE-DECISIONS.md). Never rename a field.

/** The public Connection inside `connection.*` webhooks: internal `revoked` shows as `disconnected`. */
export { PublicConnection as WebhookConnection };

/**
 * The body of one webhook event type: `id` (also the `webhook-id` header: identical on every attempt, so receivers
 * can deduplicate), `type`, `timestamp`, `is_simulated` and the event's `data`, in this order in the JSON body.
 */
function WebhookBody<T extends WebhookEventType, D extends object>(type: T, data: MessageClass<D>) {
  class Body {
    @IsString() id!: string;
    @Equals(type) type!: T;
    @IsISO8601({ strict: true }) timestamp!: string;
    @IsBoolean() is_simulated!: boolean;
    @IsDefined() @ValidateNested() @Type(() => data) data!: D;
  }
  return Body;
}

export class ConnectionActivatedWebhookData {
  @IsDefined() @ValidateNested() @Type(() => PublicConnection) connection!: PublicConnection;
  /** True on the connection's first activation, false on a re-authentication. */
  @IsBoolean() first_activation!: boolean;
}

export class ConnectionActivatedWebhook extends WebhookBody('connection.activated', ConnectionActivatedWebhookData) {}

export class PurchaseCreatedWebhookData {
  @IsDefined() @ValidateNested() @Type(() => PurchaseDetail) purchase!: PurchaseDetail;
}

export class PurchaseCreatedWebhook extends WebhookBody('purchase.created', PurchaseCreatedWebhookData) {}

export class ConnectionUnauthenticatedWebhookData {
  @IsDefined() @ValidateNested() @Type(() => PublicConnection) connection!: PublicConnection;
}

/** An active connection lost its retailer authentication (or the simulator said so): re-link it. */
export class ConnectionUnauthenticatedWebhook extends WebhookBody(
  'connection.unauthenticated',
  ConnectionUnauthenticatedWebhookData,
) {}

export type WebhookEventBody = ConnectionActivatedWebhook | PurchaseCreatedWebhook | ConnectionUnauthenticatedWebhook;

/** The body class of each webhook event type, to validate a body before it is stored. */
export const WEBHOOK_EVENT_BODIES = {
  'connection.activated': ConnectionActivatedWebhook,
  'purchase.created': PurchaseCreatedWebhook,
  'connection.unauthenticated': ConnectionUnauthenticatedWebhook,
} as const satisfies Record<WebhookEventType, new () => WebhookEventBody>;

export class RecordAdOptOutRequest extends TeamScoped {
  @IsString() @MinLength(1) @MaxLength(254) email!: string;
}

export class AdOptOutRecorded {
  @Equals(true) recorded!: true;
}

/**
 * A shopper's request not to have purchases shared with ad platforms, by email (normalised by the
 * caller: trimmed, lower-cased). Irreversible; recording it twice is fine.
 */
export const recordAdOptOut = defineRpc(
  SERVICE,
  'events.record-ad-opt-out.v1',
  RecordAdOptOutRequest,
  AdOptOutRecorded,
);

export * from './integrations.js';
