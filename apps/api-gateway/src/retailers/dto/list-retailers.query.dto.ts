import { z } from 'zod';
import { described } from '../../openapi/schema-registry.js';

export const listRetailersQuerySchema = z.object({
  include: described(
    z.enum(['enabled', 'all']).default('enabled'),
    '`enabled` (default): the retailers configured for your team; `all`: every active retailer',
  ),
});
export type ListRetailersQuery = z.output<typeof listRetailersQuerySchema>;
