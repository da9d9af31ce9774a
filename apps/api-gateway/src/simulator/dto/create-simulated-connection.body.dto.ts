import { z } from 'zod';

export const createSimulatedConnectionBodySchema = z
  .object({
    retailer_id: z.string().min(1).max(64),
    customer_id: z.string().min(1).max(64).optional(),
    email: z.string().max(254).nullable().optional(),
    mobile: z.string().max(16).nullable().optional(),
    include_purchases: z.boolean().optional(),
  })
  .strict();
export type CreateSimulatedConnectionBody = z.output<typeof createSimulatedConnectionBodySchema>;
