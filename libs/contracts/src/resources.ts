import { z } from 'zod';

// Public resource shapes (snake_case, as the REST API and webhooks show them). Never rename a field.

export const connectionStatusSchema = z.enum(['initialized', 'active', 'unauthenticated', 'disconnected']);
export const internalConnectionStatusSchema = z.enum([...connectionStatusSchema.options, 'revoked']);

export const tagsSchema = z
  .record(z.string().min(1).max(64), z.string().max(256))
  .refine((tags) => Object.keys(tags).length <= 10, {
    message: 'at most 10 tags',
  });

export const connectionSchema = z.object({
  connection_id: z.string(),
  customer_id: z.string(),
  retailer_id: z.string(),
  status: internalConnectionStatusSchema,
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  is_simulated: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const productRefSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  upc: z.string().nullable(),
});
export type ProductRef = z.infer<typeof productRefSchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const purchaseItemSchema = z.object({
  item_id: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  upc: z.string().nullable(),
  sku: z.string().nullable(),
  price: money,
  quantity: z.number().int().positive(),
  product: productRefSchema.nullable(),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

export const purchaseTypeSchema = z.enum(['online', 'in_store']);

export const purchaseDetailSchema = z.object({
  purchase_id: z.string(),
  connection_id: z.string(),
  retailer_id: z.string(),
  date: z.iso.datetime(),
  purchase_type: purchaseTypeSchema,
  currency: z.string().length(3),
  items_subtotal: money,
  discounts: money,
  shipping: money,
  fees: money,
  tax: money,
  total: money,
  item_count: z.number().int().nonnegative(),
  is_simulated: z.boolean(),
  items: z.array(purchaseItemSchema),
});
export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;

export const retailerStatusSchema = z.enum(['active', 'limited', 'inactive']);
export const linkVisibilitySchema = z.enum(['everyone', 'restricted', 'hidden']);
export const linkAudienceSchema = z.object({
  allowed_emails: z.array(z.string()),
  allowed_domains: z.array(z.string()),
});

/** A retailer as sync-service knows it for one team; the gateway turns ids into public URLs. */
export const teamRetailerSchema = z.object({
  retailer_id: z.string(),
  name: z.string(),
  status: retailerStatusSchema,
  enabled: z.boolean(),
  link_id: z.string().nullable(),
  link_visibility: linkVisibilitySchema.nullable(),
  link_audience: linkAudienceSchema.nullable(),
});
export type TeamRetailer = z.infer<typeof teamRetailerSchema>;

export const webhookEventTypeSchema = z.enum([
  'connection.activated',
  'purchase.created',
  'connection.unauthenticated',
]);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const webhookSchema = z.object({
  webhook_id: z.string(),
  name: z.string(),
  url: z.string(),
  event_types: z.array(webhookEventTypeSchema),
  is_active: z.boolean(),
  receive_simulated_events: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Who caused a change; becomes `event_source` / `source_id_*` in activity entries. */
export const actorSchema = z.object({
  source: z.enum(['API', 'Dashboard', 'Retailer', 'System', 'Consumer']),
  idType: z.enum(['dashboard_user', 'client_api_key']).nullable(),
  idName: z.string().nullable(),
});
export type Actor = z.infer<typeof actorSchema>;
