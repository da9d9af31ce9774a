import { z } from 'zod';
import { defineEvent } from './contract.js';
import { purchaseDetailSchema } from './resources.js';

/** A collected purchase with each item's `product` set to the team's matched product (or null). */
export const purchaseMatched = defineEvent(
  'matching.purchase.matched.v1',
  z.object({ purchase: purchaseDetailSchema }),
);
