import { z } from 'zod';

export const listRetailersQuerySchema = z.object({
  include: z.enum(['enabled', 'all']).default('enabled'),
});
export type ListRetailersQuery = z.output<typeof listRetailersQuerySchema>;
