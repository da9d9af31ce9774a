import { z } from 'zod';

/**
 * PATCH /retailers/{retailer_id}: every field optional, omitted fields unchanged, unknown fields and an
 * empty body rejected. Link settings join as new fields of
 * `updateRetailerFields`; rules across fields become further refinements of the body schema.
 */
export const updateRetailerFields = z
  .object({
    enabled: z.boolean().optional(),
  })
  .strict();

export const updateRetailerBodySchema = updateRetailerFields.refine((body) => Object.keys(body).length > 0, {
  message: 'at least one field is required',
  // Only when the fields themselves are valid: an unknown field is reported as such, not as an empty body.
  when: (payload) => payload.issues.length === 0,
});
export type UpdateRetailerBody = z.output<typeof updateRetailerBodySchema>;
