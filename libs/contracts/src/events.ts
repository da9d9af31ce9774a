import { z } from 'zod';
import { defineRpc } from './contract.js';
import { webhookEventTypeSchema, webhookSchema } from './resources.js';

const SERVICE = 'events-service';

export const createWebhook = defineRpc(
  SERVICE,
  'events.create-webhook.v1',
  z.object({
    teamId: z.string(),
    name: z.string().max(200).optional(),
    url: z.string(),
    event_types: z.array(webhookEventTypeSchema).min(1),
    is_active: z.boolean().default(true),
    receive_simulated_events: z.boolean().default(false),
  }),
  webhookSchema.extend({ secret: z.string() }),
);

export const listWebhooks = defineRpc(
  SERVICE,
  'events.list-webhooks.v1',
  z.object({ teamId: z.string() }),
  z.object({ webhooks: z.array(webhookSchema) }),
);
