import { z } from 'zod';
import { webhookEventTypeSchema } from '@cps/contracts';

// Format only: which URLs may receive deliveries (https, public hosts) is events-service's policy.
const webhookUrl = z.url({ protocol: /^https?$/ }).max(2048);
const eventTypes = z
  .array(webhookEventTypeSchema)
  .min(1)
  .max(webhookEventTypeSchema.options.length * 4);

export const createWebhookBodySchema = z
  .object({
    name: z.string().max(200).optional(),
    url: webhookUrl,
    event_types: eventTypes,
    is_active: z.boolean().optional(),
    receive_simulated_events: z.boolean().optional(),
  })
  .strict();
export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({
    name: z.string().max(200).optional(),
    url: webhookUrl.optional(),
    event_types: eventTypes.optional(),
    is_active: z.boolean().optional(),
    receive_simulated_events: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'at least one field is required',
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;
