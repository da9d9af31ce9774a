import { z } from 'zod';
import { EventsContracts, webhookSchema } from '@cps/contracts';
import { identifier } from '../../http/query-schemas.js';
import { described, named } from '../../openapi/schema-registry.js';

export const webhookPathSchema = z.object({ webhook_id: identifier('Webhook destination id') });
export type WebhookPath = z.output<typeof webhookPathSchema>;

export const deliveryPathSchema = z.object({
  webhook_id: identifier('Webhook destination id'),
  delivery_id: identifier('Delivery id'),
});
export type DeliveryPath = z.output<typeof deliveryPathSchema>;

export const webhookResponseSchema = named('Webhook', webhookSchema.extend({}), 'A webhook destination');

export const createdWebhookResponseSchema = named(
  'CreatedWebhook',
  webhookSchema.extend({
    secret: described(z.string(), 'Signing secret (`whsec_...`, Standard Webhooks); shown only here'),
  }),
);

export const webhookListResponseSchema = named('WebhookList', z.object({ webhooks: z.array(webhookResponseSchema) }));

export const webhookDeliveryResponseSchema = named(
  'WebhookDelivery',
  EventsContracts.webhookDeliverySchema.extend({}),
  'One event on its way to one destination',
);

export const deliveryListResponseSchema = named(
  'WebhookDeliveryList',
  z.object({ deliveries: z.array(webhookDeliveryResponseSchema), has_more: z.boolean() }),
);
