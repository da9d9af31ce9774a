import { type EventsContracts } from '@cps/contracts';
import { type AwardRow } from './award.repository.js';
import { type IntegrationRow } from './integration.repository.js';

export function toIntegration(row: IntegrationRow): EventsContracts.Integration {
  return {
    integration_id: row.id,
    name: row.name,
    kind: row.kind,
    adapter: row.adapter,
    base_url: row.baseUrl,
    triggers: row.triggers,
    is_active: row.isActive,
    receive_simulated_events: row.receiveSimulatedEvents,
    points_per_dollar: Number(row.pointsPerDollar),
    start_date: row.startDate,
    reward_on_link: row.rewardOnLink,
    customer_identifier: row.customerIdentifier,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export function toAward(row: AwardRow): EventsContracts.IntegrationAward {
  return {
    award_id: row.id,
    integration_id: row.integrationId,
    trigger: row.trigger,
    connection_id: row.connectionId,
    purchase_id: row.purchaseId,
    is_simulated: row.isSimulated,
    points: row.points,
    items_subtotal: row.itemsSubtotal,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt ? new Date(row.nextAttemptAt).toISOString() : null,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}
