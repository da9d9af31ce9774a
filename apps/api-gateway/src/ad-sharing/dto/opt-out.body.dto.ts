import { z } from 'zod';
import { described } from '../../openapi/schema-registry.js';

/**
 * POST /ad-sharing/opt-outs (seed: Ad-sharing opt-out). Both fields are checked for length; then at least
 * one must be given, and `connection_id` wins. An email is any non-blank text: an opt-out is never refused
 * for its spelling.
 */
export const optOutBodySchema = z
  .object({
    email: described(
      z.string().max(254),
      "The shopper's email, at most 254 characters; case and surrounding whitespace are ignored. Required " +
        'unless connection_id is supplied',
    ).optional(),
    connection_id: described(
      z.string().min(1).max(64),
      'One of your non-simulated connections with a usable email; its email is used, and `email` is ignored',
    ).optional(),
  })
  .strict()
  .refine((body) => body.connection_id !== undefined || (body.email ?? '').trim().length > 0, {
    message: 'email or connection_id is required',
    params: { type: 'missing', ctx: { fields: ['email', 'connection_id'] } },
    when: (payload) => payload.issues.length === 0,
  });
export type OptOutBody = z.output<typeof optOutBodySchema>;
