import { z } from 'zod';
import { defineEvent, defineRpc } from './contract.js';
import { productRefSchema, purchaseDetailSchema } from './resources.js';

/** A collected purchase with each item's `product` set to the team's matched product (or null). */
export const purchaseMatched = defineEvent(
  'matching.purchase.matched.v1',
  z.object({ purchase: purchaseDetailSchema }),
);

/** The team's matched product for each item of a purchase (items never matched are absent). */
export const getPurchaseMatches = defineRpc(
  'matching-service',
  'matching.get-purchase-matches.v1',
  z.object({ teamId: z.string(), purchaseId: z.string() }),
  z.object({ matches: z.array(z.object({ item_id: z.string(), product: productRefSchema.nullable() })) }),
);
