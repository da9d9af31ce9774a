import { z } from 'zod';
import { queryInteger } from '../../http/query-schemas.js';

export const listDeliveriesQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: 100 }).optional(),
  starting_after: z.string().min(1).max(64).optional(),
});
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;
