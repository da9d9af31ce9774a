import { z } from 'zod';
import { defineRpc } from './contract.js';
import { connectionStatusSchema, purchaseDetailSchema, webhookEventTypeSchema, webhookSchema } from './resources.js';

const SERVICE = 'events-service';

export const createWebhook = defineRpc(
  SERVICE,
  'events.create-webhook.v1',
  z.object({
    teamId: z.string(),
    name: z.string().max(200).optional(),
    url: z.string(),
    event_types: z.array(webhookEventTypeSchema).min(1),
    is_active: z.boolean().default(true),
    receive_simulated_events: z.boolean().default(false),
  }),
  webhookSchema.extend({ secret: z.string() }),
);

export const listWebhooks = defineRpc(
  SERVICE,
  'events.list-webhooks.v1',
  z.object({ teamId: z.string() }),
  z.object({ webhooks: z.array(webhookSchema) }),
);

/** Addresses one webhook destination of a team; an unknown or foreign id is refused with 404. */
const webhookRef = { teamId: z.string(), webhookId: z.string() };

export const getWebhook = defineRpc(SERVICE, 'events.get-webhook.v1', z.object(webhookRef), webhookSchema);

/** Changes only the fields given. Setting `is_active: true` also clears a 410-disable. */
export const updateWebhook = defineRpc(
  SERVICE,
  'events.update-webhook.v1',
  z.object({
    ...webhookRef,
    name: z.string().max(200).optional(),
    url: z.string().optional(),
    event_types: z.array(webhookEventTypeSchema).min(1).optional(),
    is_active: z.boolean().optional(),
    receive_simulated_events: z.boolean().optional(),
  }),
  webhookSchema,
);

/** Deletes the destination with its deliveries; nothing more is sent to it. */
export const deleteWebhook = defineRpc(
  SERVICE,
  'events.delete-webhook.v1',
  z.object(webhookRef),
  z.object({ webhook_id: z.string() }),
);

export const deliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** One event on its way to one destination, as `GET /webhooks/{id}/deliveries` shows it. */
export const webhookDeliverySchema = z.object({
  delivery_id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: webhookEventTypeSchema,
  is_simulated: z.boolean(),
  status: deliveryStatusSchema,
  attempts: z.number().int().nonnegative(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Newest first; `starting_after` (a delivery id) gives the next older page. */
export const listDeliveries = defineRpc(
  SERVICE,
  'events.list-deliveries.v1',
  z.object({
    ...webhookRef,
    limit: z.number().int().min(1).max(100).default(50),
    starting_after: z.string().optional(),
  }),
  z.object({ deliveries: z.array(webhookDeliverySchema), has_more: z.boolean() }),
);

/**
 * Sends a finished (succeeded or failed) delivery once more, now, with the same `webhook-id`.
 * 409 while it is still pending or when the webhook is not active.
 */
export const retryDelivery = defineRpc(
  SERVICE,
  'events.retry-delivery.v1',
  z.object({ ...webhookRef, deliveryId: z.string() }),
  webhookDeliverySchema,
);

// Webhook request bodies (Standard Webhooks; see INTERFACE-DECISIONS.md). Never rename a field.

/** The public Connection inside `connection.*` webhooks: internal `revoked` shows as `disconnected`. */
export const webhookConnectionSchema = z.object({
  connection_id: z.string(),
  customer_id: z.string(),
  retailer_id: z.string(),
  status: connectionStatusSchema,
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
});
export type WebhookConnection = z.infer<typeof webhookConnectionSchema>;

/** `id` is also the `webhook-id` header: identical on every attempt, so receivers can deduplicate. */
const webhookId = z.string();

// Field order here is the order in the JSON body: id, type, timestamp, is_simulated, data.
export const connectionActivatedWebhookSchema = z.object({
  id: webhookId,
  type: z.literal('connection.activated'),
  timestamp: z.iso.datetime(),
  is_simulated: z.boolean(),
  data: z.object({
    connection: webhookConnectionSchema,
    /** True on the connection's first activation, false on a re-authentication. */
    first_activation: z.boolean(),
  }),
});

export const purchaseCreatedWebhookSchema = z.object({
  id: webhookId,
  type: z.literal('purchase.created'),
  timestamp: z.iso.datetime(),
  is_simulated: z.boolean(),
  data: z.object({ purchase: purchaseDetailSchema }),
});

/** An active connection lost its retailer authentication (or the simulator said so): re-link it. */
export const connectionUnauthenticatedWebhookSchema = z.object({
  id: webhookId,
  type: z.literal('connection.unauthenticated'),
  timestamp: z.iso.datetime(),
  is_simulated: z.boolean(),
  data: z.object({ connection: webhookConnectionSchema }),
});

export const webhookEventBodySchema = z.discriminatedUnion('type', [
  connectionActivatedWebhookSchema,
  purchaseCreatedWebhookSchema,
  connectionUnauthenticatedWebhookSchema,
]);
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;

/**
 * A shopper's request not to have purchases shared with ad platforms, by email (normalised by the
 * caller: trimmed, lower-cased). Irreversible; recording it twice is fine.
 */
export const recordAdOptOut = defineRpc(
  SERVICE,
  'events.record-ad-opt-out.v1',
  z.object({ teamId: z.string(), email: z.string().min(1).max(254) }),
  z.object({ recorded: z.literal(true) }),
);
