import { type EventsContracts } from '@cps/contracts';
import { startOfStartDate } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { type OutboundGuard } from '@cps/platform';
import { type WebhookUrlPolicy } from '../settings.js';
import { acceptWebhookUrl } from '../webhooks/webhook-url.js';

/** Which adapters play which kind: points for loyalty, tracked events for marketing, a signed webhook for both. */
const ADAPTERS_OF: Record<EventsContracts.IntegrationKind, readonly EventsContracts.IntegrationAdapter[]> = {
  loyalty: ['points_api', 'webhook'],
  marketing: ['track_event', 'webhook'],
};

/** A 422 in the HTTPValidationError shape the gateway passes on. */
export function invalidField(field: string, msg: string, input: unknown): RpcRefusal {
  return new RpcRefusal(422, [{ loc: ['body', field], msg, type: 'value_error', input }]);
}

/** Refuses what a field's own rules cannot: the adapter for the kind, the API key it needs, a real start day. */
export function checkIntegration(fields: {
  kind: EventsContracts.IntegrationKind;
  adapter: EventsContracts.IntegrationAdapter;
  apiKey: string | undefined;
  startDate: string | null | undefined;
}): void {
  if (!ADAPTERS_OF[fields.kind].includes(fields.adapter)) {
    throw invalidField(
      'adapter',
      `a ${fields.kind} integration uses one of ${ADAPTERS_OF[fields.kind].join(', ')}`,
      fields.adapter,
    );
  }
  if (fields.adapter !== 'webhook' && fields.apiKey === undefined) {
    throw invalidField('api_key', `the ${fields.adapter} adapter needs the platform's api_key`, undefined);
  }
  if (fields.startDate) {
    try {
      startOfStartDate(fields.startDate);
    } catch {
      throw invalidField('start_date', 'start_date must be a real day, YYYY-MM-DD', fields.startDate);
    }
  }
}

/** 404 for an integration the team does not have. */
export function integrationNotFound(id: string): RpcRefusal {
  return new RpcRefusal(404, `integration ${id} not found`);
}

/** The base URL, vetted like a webhook URL (scheme, private and internal addresses: ADR 0010). */
export async function acceptBaseUrl(url: string, policy: WebhookUrlPolicy, outbound: OutboundGuard): Promise<string> {
  try {
    return await acceptWebhookUrl(url, policy, outbound);
  } catch (error) {
    if (error instanceof RpcRefusal) {
      const detail = (error.getError() as { detail: Array<{ msg: string }> }).detail;
      throw invalidField('base_url', detail[0]?.msg ?? 'invalid URL', url);
    }
    throw error;
  }
}
