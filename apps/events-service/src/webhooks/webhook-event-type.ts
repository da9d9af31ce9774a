import { isOneOf, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cps/contracts';

/** A stored event type read back as its wire value; anything else is a corrupt row, not a refusal. */
export function toWebhookEventType(stored: string): WebhookEventType {
  if (!isOneOf(WEBHOOK_EVENT_TYPES, stored)) throw new Error(`unknown webhook event type "${stored}" in storage`);
  return stored;
}
