import { IsString, MaxLength } from 'class-validator';
import { defineEvent, type EventContract } from './contract.js';
import * as EventsContracts from './events.js';
import * as MatchingContracts from './matching.js';
import * as SyncContracts from './sync.js';

/**
 * The NATS header a change requested through the REST API carries to the service that makes it: who asked
 * (`API key <name>`, URI-encoded). The gateway sets it only on the requests of `AUDITED_CHANGES`.
 */
export const AUDIT_ACTOR_HEADER = 'Audit-Actor';

/** A change made through the REST API, for the team's audit log (the dashboard consumes it). */
export class ApiChangeRecorded {
  /** `API key <name>` or `App <client id>`. */
  @IsString() @MaxLength(300) actor!: string;
  /** The dashboard audit log's area (`retailer`, `connection`, `webhook`, `catalog`, `simulator`, `integration`). */
  @IsString() area!: string;
  @IsString() action!: string;
  @IsString() @MaxLength(500) target!: string;
}

/** One subject per producing service, each in its own context of the event stream. */
export const apiChangeRecorded = {
  sync: defineEvent('sync.api-change.recorded.v1', ApiChangeRecorded),
  matching: defineEvent('matching.api-change.recorded.v1', ApiChangeRecorded),
  events: defineEvent('events.api-change.recorded.v1', ApiChangeRecorded),
} as const satisfies Record<string, EventContract<ApiChangeRecorded>>;

export interface AuditedChange {
  event: (typeof apiChangeRecorded)[keyof typeof apiChangeRecorded];
  area: string;
  action: string;
  /** What the change was made to, from the request (never a secret). */
  target: (request: Record<string, unknown>) => string;
}

const field = (name: string) => (request: Record<string, unknown>) => {
  const value = request[name];
  return typeof value === 'string' ? value : '';
};

const change = (event: AuditedChange['event'], area: string, action: string, target = field('')) => ({
  event,
  area,
  action,
  target,
});

/**
 * The requests that change a team's settings or data, by subject: the answering service records
 * `<context>.api-change.recorded.v1` in the transaction of the change when the request carries AUDIT_ACTOR_HEADER.
 */
export const AUDITED_CHANGES: Record<string, AuditedChange> = {
  [SyncContracts.updateRetailer.subject]: change(
    apiChangeRecorded.sync,
    'retailer',
    'Retailer settings changed',
    field('retailerId'),
  ),
  [SyncContracts.createConnection.subject]: change(
    apiChangeRecorded.sync,
    'connection',
    'Connection created',
    field('customer_id'),
  ),
  [SyncContracts.updateConnection.subject]: change(
    apiChangeRecorded.sync,
    'connection',
    'Connection updated',
    field('connectionId'),
  ),
  [SyncContracts.deleteConnection.subject]: change(
    apiChangeRecorded.sync,
    'connection',
    'Connection deleted',
    field('connectionId'),
  ),
  [SyncContracts.createLinkToken.subject]: change(
    apiChangeRecorded.sync,
    'connection',
    'Link token created',
    field('customer_id'),
  ),
  [SyncContracts.revokeLinkToken.subject]: change(apiChangeRecorded.sync, 'connection', 'Link token revoked'),
  [SyncContracts.createSimulatedConnection.subject]: change(
    apiChangeRecorded.sync,
    'simulator',
    'Simulated connection created',
    field('retailer_id'),
  ),
  [SyncContracts.createSimulatedPurchase.subject]: change(
    apiChangeRecorded.sync,
    'simulator',
    'Simulated purchase added',
    field('connectionId'),
  ),
  [SyncContracts.updateSimulatedConnection.subject]: change(
    apiChangeRecorded.sync,
    'simulator',
    'Simulated status changed',
    field('connectionId'),
  ),
  [SyncContracts.deleteSimulatedConnection.subject]: change(
    apiChangeRecorded.sync,
    'simulator',
    'Simulated connection deleted',
    field('connectionId'),
  ),
  [MatchingContracts.upsertProducts.subject]: change(
    apiChangeRecorded.matching,
    'catalog',
    'Catalog uploaded',
    (request) => (Array.isArray(request.rows) ? `${request.rows.length} rows` : ''),
  ),
  [MatchingContracts.deleteProduct.subject]: change(
    apiChangeRecorded.matching,
    'catalog',
    'Product deleted',
    field('productId'),
  ),
  [EventsContracts.createWebhook.subject]: change(apiChangeRecorded.events, 'webhook', 'Webhook created', field('url')),
  [EventsContracts.updateWebhook.subject]: change(
    apiChangeRecorded.events,
    'webhook',
    'Webhook edited',
    field('webhookId'),
  ),
  [EventsContracts.deleteWebhook.subject]: change(
    apiChangeRecorded.events,
    'webhook',
    'Webhook deleted',
    field('webhookId'),
  ),
  [EventsContracts.retryDelivery.subject]: change(
    apiChangeRecorded.events,
    'webhook',
    'Delivery sent again',
    field('deliveryId'),
  ),
  [EventsContracts.createIntegration.subject]: change(
    apiChangeRecorded.events,
    'integration',
    'Integration created',
    field('name'),
  ),
  [EventsContracts.updateIntegration.subject]: change(
    apiChangeRecorded.events,
    'integration',
    'Integration edited',
    field('integrationId'),
  ),
  [EventsContracts.deleteIntegration.subject]: change(
    apiChangeRecorded.events,
    'integration',
    'Integration deleted',
    field('integrationId'),
  ),
};
