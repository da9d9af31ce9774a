import { z } from 'zod';
import { identifier, queryInteger } from '../../http/query-schemas.js';

export const listDeliveriesQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: 100, default: 50, description: 'Page size, 1 to 100 (default 50)' }).optional(),
  starting_after: identifier('A delivery id from the previous page: the page holds older deliveries').optional(),
});
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;
