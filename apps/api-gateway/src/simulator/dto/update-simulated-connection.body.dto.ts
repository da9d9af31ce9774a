import { z } from 'zod';
import { described } from '../../openapi/schema-registry.js';

export const updateSimulatedConnectionBodySchema = z
  .object({
    status: described(
      z.enum(['active', 'unauthenticated']),
      '`unauthenticated` simulates a lost retailer session (`connection.unauthenticated`); `active` a re-link ' +
        '(`connection.activated`, `first_activation: false`)',
    ),
  })
  .strict();
export type UpdateSimulatedConnectionBody = z.output<typeof updateSimulatedConnectionBodySchema>;
