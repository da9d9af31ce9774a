import { randomBytes } from 'node:crypto';

/** A Standard Webhooks signing secret: `whsec_` + base64 of 24 random bytes. Shown once, stored sealed. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
