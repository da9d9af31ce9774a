import { type EventsContracts } from '@cps/contracts';
import { toWebhookEventType } from '../webhooks/webhook-event-type.js';
import { type DeliveryRow } from './delivery.repository.js';

export function toWebhookDelivery(row: DeliveryRow): EventsContracts.WebhookDelivery {
  return {
    delivery_id: row.id,
    webhook_id: row.destinationId,
    event_id: row.eventId,
    event_type: toWebhookEventType(row.eventType),
    is_simulated: row.isSimulated,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
