import { z } from 'zod';
import { purchaseTypeSchema } from '@cps/contracts';
import { identifier, queryInteger } from '../../http/query-schemas.js';
import { described, named } from '../../openapi/schema-registry.js';

export const listPurchasesQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: 50, default: 10, description: 'Page size, 1 to 50 (default 10)' }).optional(),
  starting_after: identifier(
    'The purchase id of the last purchase processed; the page starts with the next older purchase',
  ).optional(),
});
export type ListPurchasesQuery = z.output<typeof listPurchasesQuerySchema>;

export const purchasePathSchema = z.object({ purchase_id: identifier('Purchase id') });
export type PurchasePath = z.output<typeof purchasePathSchema>;

const money = () => described(z.string().regex(/^-?\d+\.\d{2}$/), 'Decimal amount with two places, as text');

export const purchaseListEntryResponseSchema = named(
  'PurchaseListEntry',
  z.object({
    purchase_id: z.string(),
    date: described(z.iso.datetime(), 'Purchase date'),
    total: money(),
    purchase_type: purchaseTypeSchema,
  }),
);

export const purchaseListResponseSchema = named(
  'PurchaseList',
  z.object({
    has_more: z.boolean(),
    purchases: described(z.array(purchaseListEntryResponseSchema), 'Newest first; equal dates by purchase id'),
  }),
);

export const productRefResponseSchema = named(
  'ProductRef',
  z.object({ product_id: z.string(), name: z.string(), brand: z.string().nullable(), upc: z.string().nullable() }),
  "One of your brand's products",
);

export const purchaseItemResponseSchema = named(
  'PurchaseItem',
  z.object({
    item_id: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    upc: z.string().nullable(),
    sku: z.string().nullable(),
    price: money(),
    quantity: z.int().positive(),
    product: described(productRefResponseSchema.nullable(), 'The matched product of your brand, or null'),
  }),
);

export const purchaseDetailResponseSchema = named(
  'PurchaseDetail',
  z.object({
    purchase_id: z.string(),
    connection_id: z.string(),
    retailer_id: z.string(),
    date: z.iso.datetime(),
    purchase_type: purchaseTypeSchema,
    currency: described(z.string().length(3), 'ISO 4217 code'),
    items_subtotal: described(money(), 'Sum of price x quantity over `items`'),
    discounts: money(),
    shipping: money(),
    fees: money(),
    tax: money(),
    total: money(),
    item_count: described(z.int().nonnegative(), 'Units over `items`'),
    is_simulated: z.boolean(),
    items: z.array(purchaseItemResponseSchema),
  }),
);
