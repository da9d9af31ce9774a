import { z } from 'zod';
import { parseMoney } from '@cps/domain';
import { isUpcA, MAX_ITEMS } from '../orders/order-generator.js';

const money = z
  .string()
  .regex(/^\d{1,7}\.\d{2}$/, 'must be a two-place decimal amount, e.g. "3.47"')
  .transform((text) => parseMoney(text));

const channel = z.enum(['online', 'in_store']);

export const createAccountBody = z
  .object({
    email: z.email().max(254),
    password: z.string().min(8).max(256),
    /** true: a random six-digit code is required after the password; a string: that code. */
    one_time_code: z.union([z.boolean(), z.string().regex(/^\d{6}$/, 'must be six digits')]).default(false),
  })
  .strict();

export const changePasswordBody = z.object({ password: z.string().min(8).max(256) }).strict();

const orderLine = z
  .object({
    name: z.string().min(1).max(200),
    brand: z.string().min(1).max(100).nullable().default(null),
    upc: z.string().refine(isUpcA, 'must be a UPC-A code: 12 digits with a valid check digit').nullable().default(null),
    sku: z.string().min(1).max(64).nullable().default(null),
    unit_price: money,
    quantity: z.number().int().min(1).max(99),
  })
  .strict();

export const addOrdersBody = z
  .object({
    /** Random orders: how many (default 1) and how many distinct products each (default 1-6). */
    count: z.number().int().min(1).max(500).optional(),
    items: z.number().int().min(1).max(MAX_ITEMS).optional(),
    /** Or exactly one order with these lines. */
    lines: z.array(orderLine).min(1).max(50).optional(),
    discounts: money.optional(),
    shipping: money.optional(),
    fees: money.optional(),
    tax_rate_bps: z.number().int().min(0).max(2_500).optional(),
    channel: channel.optional(),
    store_number: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
    /** When the orders were placed (default now)... */
    ordered_at: z.iso.datetime({ offset: true }).optional(),
    /** ...or spread at random over this many past days: an order history. */
    back_date_days: z.number().int().min(1).max(3_650).optional(),
  })
  .strict()
  .superRefine((body, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (body.ordered_at !== undefined && body.back_date_days !== undefined) {
      issue('back_date_days', 'give ordered_at or back_date_days, not both');
    }
    if (body.lines) {
      if (body.count !== undefined) issue('count', 'lines describe exactly one order');
      if (body.items !== undefined) issue('items', 'lines and items are exclusive');
      if (body.back_date_days !== undefined) issue('back_date_days', 'lines describe one order; use ordered_at');
    } else {
      for (const field of ['discounts', 'shipping', 'fees', 'tax_rate_bps', 'store_number'] as const) {
        if (body[field] !== undefined) issue(field, 'only with lines; random orders draw their own');
      }
    }
  });

export type AddOrdersBody = z.output<typeof addOrdersBody>;

export const injectFailureBody = z
  .object({
    /** Only this account's calls; omitted: every call to the retailer. */
    account_email: z.string().min(1).max(254).optional(),
    kind: z.enum(['delay', 'rate_limit', 'server_error']),
    scope: z.enum(['all', 'sign_in', 'orders']).default('all'),
    /** Wait this long before answering (the whole answer for `delay`, before the error otherwise). */
    delay_ms: z.number().int().min(0).max(120_000).default(0),
    status: z.number().int().min(500).max(599).optional(),
    retry_after_seconds: z.number().int().min(0).max(86_400).optional(),
    /** How many answers are affected; omitted: until removed or expired. */
    times: z.number().int().min(1).max(1_000_000).optional(),
    for_seconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.kind === 'delay' && body.delay_ms === 0) {
      context.addIssue({ code: 'custom', path: ['delay_ms'], message: 'a delay needs delay_ms > 0' });
    }
    if (body.status !== undefined && body.kind !== 'server_error') {
      context.addIssue({ code: 'custom', path: ['status'], message: 'only for kind server_error' });
    }
  });
