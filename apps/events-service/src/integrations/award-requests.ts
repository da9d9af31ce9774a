import { type EventsContracts } from '@cps/contracts';
import { signedWebhookHeaders } from '../deliveries/webhook-transport.js';

type Adapter = EventsContracts.IntegrationAdapter;
type CustomerIdentifier = EventsContracts.CustomerIdentifier;

/** One award as the adapters see it: the ledger row with its integration's settings and credential. */
export interface AwardToSend {
  awardId: string;
  integrationId: string;
  kind: EventsContracts.IntegrationKind;
  adapter: Adapter;
  baseUrl: string;
  /** The opened credential: the platform's API key, or the webhook signing secret. */
  credential: string;
  trigger: EventsContracts.IntegrationTrigger;
  customerIdentifier: CustomerIdentifier;
  customerValue: string;
  points: number;
  itemsSubtotal: string | null;
  connectionId: string;
  purchaseId: string | null;
  isSimulated: boolean;
  occurredAt: Date;
}

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const USER_AGENT = 'ConnectedPurchases-Integrations/1.0';

/** `base_url` joined with an API path, whatever trailing slash it has. */
function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

const DESCRIPTIONS: Record<EventsContracts.IntegrationTrigger, string> = {
  'account.linked': 'Linked a retailer account',
  'purchase.created': 'Purchase',
};

/** Smile.io-style customer reference: the identifier the team chose. */
const POINTS_CUSTOMER_FIELD: Record<CustomerIdentifier, string> = {
  email: 'email',
  customer_id: 'external_id',
  mobile: 'phone',
};

/** Klaviyo profile attributes for the identifier the team chose. */
const PROFILE_FIELD: Record<CustomerIdentifier, string> = {
  email: 'email',
  customer_id: 'external_id',
  mobile: 'phone_number',
};

const METRICS: Record<EventsContracts.IntegrationTrigger, string> = {
  'account.linked': 'Account Linked',
  'purchase.created': 'Purchase Created',
};

/**
 * The HTTP request of one award, by adapter. Every request carries the award id as its idempotency key (the
 * `Idempotency-Key` header, Klaviyo's `unique_id`, the `webhook-id`), the same on every attempt, so a call
 * repeated after a crash or a lost answer is applied once by the receiver.
 */
export function awardRequest(award: AwardToSend, at: Date): OutboundRequest {
  switch (award.adapter) {
    case 'points_api':
      return {
        url: endpoint(award.baseUrl, '/v1/points_transactions'),
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          authorization: `Bearer ${award.credential}`,
          'idempotency-key': award.awardId,
        },
        body: JSON.stringify({
          points_transaction: {
            customer: { [POINTS_CUSTOMER_FIELD[award.customerIdentifier]]: award.customerValue },
            points_change: award.points,
            description: DESCRIPTIONS[award.trigger],
            internal_note: award.purchaseId ? `purchase ${award.purchaseId}` : `connection ${award.connectionId}`,
            reference: award.awardId,
          },
        }),
      };
    case 'track_event':
      return {
        url: endpoint(award.baseUrl, '/api/events'),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': USER_AGENT,
          authorization: `Klaviyo-API-Key ${award.credential}`,
          revision: '2024-10-15',
        },
        body: JSON.stringify({
          data: {
            type: 'event',
            attributes: {
              metric: { data: { type: 'metric', attributes: { name: METRICS[award.trigger] } } },
              profile: {
                data: {
                  type: 'profile',
                  attributes: { [PROFILE_FIELD[award.customerIdentifier]]: award.customerValue },
                },
              },
              properties: {
                points: award.points,
                items_subtotal: award.itemsSubtotal,
                purchase_id: award.purchaseId,
                connection_id: award.connectionId,
                is_simulated: award.isSimulated,
              },
              ...(award.itemsSubtotal === null ? {} : { value: Number(award.itemsSubtotal) }),
              time: award.occurredAt.toISOString(),
              unique_id: award.awardId,
            },
          },
        }),
      };
    case 'webhook': {
      const body = JSON.stringify({
        id: award.awardId,
        type: award.kind === 'loyalty' ? 'loyalty.points_awarded' : 'marketing.event_tracked',
        timestamp: award.occurredAt.toISOString(),
        is_simulated: award.isSimulated,
        data: {
          integration_id: award.integrationId,
          trigger: award.trigger,
          customer: { identifier: award.customerIdentifier, value: award.customerValue },
          points: award.points,
          items_subtotal: award.itemsSubtotal,
          connection_id: award.connectionId,
          purchase_id: award.purchaseId,
        },
      });
      return {
        url: award.baseUrl,
        headers: signedWebhookHeaders([award.credential], award.awardId, body, at),
        body,
      };
    }
  }
}
