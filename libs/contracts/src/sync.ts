import {
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { defineEvent, defineRpc, Paged, Type, TeamScoped } from './contract.js';
import {
  Actor,
  ACTOR_ID_TYPES,
  ACTOR_SOURCES,
  Connection,
  CONNECTION_STATUSES,
  LinkAudience,
  LINK_VISIBILITIES,
  MONEY_PATTERN,
  PurchaseDetail,
  PURCHASE_TYPES,
  RETAILER_STATUSES,
  TeamRetailer,
  type ActorIdType,
  type ActorSource,
  type ConnectionStatus,
  type LinkVisibility,
  type PurchaseType,
  type RetailerStatus,
} from './resources.js';
import { LINK_TOKEN_LIFETIME_DAYS, PURCHASE_LIST_LIMIT } from './rules.js';
import { IsNullable, IsOmittable, IsOneOf, IsStringRecord, IsTags } from './validators.js';

const SERVICE = 'sync-service';

export const RETAILER_LIST_SCOPES = ['enabled', 'all'] as const;

export class ListRetailersRequest extends TeamScoped {
  @IsOneOf(RETAILER_LIST_SCOPES) include!: (typeof RETAILER_LIST_SCOPES)[number];
}

export class TeamRetailerList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => TeamRetailer) retailers!: TeamRetailer[];
}

export const listRetailers = defineRpc(SERVICE, 'sync.list-retailers.v1', ListRetailersRequest, TeamRetailerList);

export class ListCatalogRequest {}

export class CatalogRetailer {
  @IsString() retailer_id!: string;
  @IsString() name!: string;
  @IsOneOf(RETAILER_STATUSES) status!: RetailerStatus;
  @Matches(/^#[0-9a-f]{6}$/i) brand_color!: string;
}

export class Catalog {
  @IsArray() @ValidateNested({ each: true }) @Type(() => CatalogRetailer) retailers!: CatalogRetailer[];
}

/** The platform's retailer catalog, team-independent (names and brand colours for images). */
export const listCatalog = defineRpc(SERVICE, 'sync.list-catalog.v1', ListCatalogRequest, Catalog);

export class UpdateRetailerRequest extends TeamScoped {
  @IsString() retailerId!: string;
  @IsOmittable() @IsBoolean() enabled?: boolean;
  @IsOmittable() @IsOneOf(LINK_VISIBILITIES) link_visibility?: LinkVisibility;
  /** Replaces the stored lists entirely. */
  @IsOmittable() @ValidateNested() @Type(() => LinkAudience) link_audience?: LinkAudience;
}

export const updateRetailer = defineRpc(SERVICE, 'sync.update-retailer.v1', UpdateRetailerRequest, TeamRetailer);

export class CreateSimulatedConnectionRequest extends TeamScoped {
  @IsDefined() @ValidateNested() @Type(() => Actor) actor!: Actor;
  @IsString() retailer_id!: string;
  @IsOmittable() @IsString() customer_id?: string;
  @IsOptional() @IsString() email?: string | null;
  @IsOptional() @IsString() mobile?: string | null;
  @IsBoolean() include_purchases?: boolean = true;
}

export const createSimulatedConnection = defineRpc(
  SERVICE,
  'sync.create-simulated-connection.v1',
  CreateSimulatedConnectionRequest,
  Connection,
);

/** Addresses one connection of a team; an unknown or foreign id is refused with 404. */
export class ConnectionRef extends TeamScoped {
  @IsString() connectionId!: string;
}

export const createSimulatedPurchase = defineRpc(
  SERVICE,
  'sync.create-simulated-purchase.v1',
  ConnectionRef,
  PurchaseDetail,
);

export class ConnectionActivated {
  @IsDefined() @ValidateNested() @Type(() => Connection) connection!: Connection;
  @IsBoolean() firstActivation!: boolean;
}

export const connectionActivated = defineEvent('sync.connection.activated.v1', ConnectionActivated);

export class PurchaseCollected {
  @IsDefined() @ValidateNested() @Type(() => PurchaseDetail) purchase!: PurchaseDetail;
}

export const purchaseCollected = defineEvent('sync.purchase.collected.v1', PurchaseCollected);

// --- Connections (REST: /connections) ---------------------------------------------------------------
// Refusals: 404 `{detail}` for unknown or other teams' ids; 422 with HTTPValidationError entries
// (`[{loc: ['body', 'retailer_id'], msg, type, input}]`) for rule violations the gateway cannot see.

export class CreateConnectionRequest extends TeamScoped {
  @IsDefined() @ValidateNested() @Type(() => Actor) actor!: Actor;
  @IsString() @MinLength(1) @MaxLength(64) customer_id!: string;
  /** Must be enabled for the team (422 on loc body.retailer_id otherwise). */
  @IsString() retailer_id!: string;
  @IsOptional() @IsString() @MaxLength(254) email?: string | null;
  @IsOptional() @IsString() @MaxLength(16) mobile?: string | null;
  @IsOmittable() @IsTags() tags?: Record<string, string>;
}

export const createConnection = defineRpc(SERVICE, 'sync.create-connection.v1', CreateConnectionRequest, Connection);

/** `starting_after`: a connection id; the page holds the connections created before it (newest first). */
export class ListConnectionsRequest extends Paged(TeamScoped) {
  @IsOmittable() @IsString() customer_id?: string;
  /** Part of the customer id or of the email, any case (the dashboard's search). */
  @IsOmittable() @IsString() @MaxLength(200) search?: string;
  /** An attribution tag, `key:value` (exact, from the link token's `tags`). */
  @IsOmittable() @IsString() @MaxLength(300) tag?: string;
  /** Only simulated (true) or only real (false) connections; absent: both (the dashboard's test mode). */
  @IsOmittable() @IsBoolean() simulated?: boolean;
  /** `disconnected` also matches the internal `revoked`. */
  @IsOmittable() @IsOneOf(CONNECTION_STATUSES) status?: ConnectionStatus;
  @IsOmittable() @IsString() retailer_id?: string;
}

export class ConnectionList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Connection) connections!: Connection[];
  @IsBoolean() has_more!: boolean;
}

export const listConnections = defineRpc(SERVICE, 'sync.list-connections.v1', ListConnectionsRequest, ConnectionList);

export const getConnection = defineRpc(SERVICE, 'sync.get-connection.v1', ConnectionRef, Connection);

export class ConnectionCollection {
  /** False for a connection with nothing to collect (simulated, or never linked). */
  @IsBoolean() collected!: boolean;
  @IsNullable() @IsISO8601({ strict: true }) last_polled_at!: string | null;
  /** The last poll that ended without an error. */
  @IsNullable() @IsISO8601({ strict: true }) last_succeeded_at!: string | null;
  @IsNullable() @IsISO8601({ strict: true }) next_poll_at!: string | null;
  @IsInt() @Min(0) consecutive_failures!: number;
  /** Why the last poll failed; null after a good one. */
  @IsNullable() @IsString() last_error!: string | null;
}
/** When a connection's purchases were last collected, the next time, and its error if any (the dashboard). */
export const getConnectionCollection = defineRpc(
  SERVICE,
  'sync.get-connection-collection.v1',
  ConnectionRef,
  ConnectionCollection,
);

export class UpdateConnectionRequest extends ConnectionRef {
  @IsDefined() @ValidateNested() @Type(() => Actor) actor!: Actor;
  @IsOmittable() @IsString() @MinLength(1) @MaxLength(64) customer_id?: string;
  @IsOptional() @IsString() @MaxLength(254) email?: string | null;
  @IsOptional() @IsString() @MaxLength(16) mobile?: string | null;
  @IsOmittable() @Equals('disconnected') status?: 'disconnected';
}

export const updateConnection = defineRpc(SERVICE, 'sync.update-connection.v1', UpdateConnectionRequest, Connection);

export class ConnectionChange extends ConnectionRef {
  @IsDefined() @ValidateNested() @Type(() => Actor) actor!: Actor;
}

export class DeletedConnection {
  @IsString() connection_id!: string;
  @Equals(true) deleted!: true;
}

/** Collection stops; the connection and its purchases are no longer readable. */
export const deleteConnection = defineRpc(SERVICE, 'sync.delete-connection.v1', ConnectionChange, DeletedConnection);

export class ConnectionSnapshot {
  @IsString() connection_id!: string;
  @IsString() customer_id!: string;
  @IsString() retailer_id!: string;
  @IsOneOf(CONNECTION_STATUSES) status!: ConnectionStatus;
  @IsNullable() @IsString() email!: string | null;
  @IsNullable() @IsString() mobile!: string | null;
}

export class ActivityLogEntry {
  @IsISO8601({ strict: true }) timestamp!: string;
  @IsOneOf(ACTOR_SOURCES) event_source!: ActorSource;
  @IsString() event!: string;
  @IsNullable() @IsString() details!: string | null;
  @IsNullable() @IsOneOf(ACTOR_ID_TYPES) source_id_type!: ActorIdType | null;
  @IsNullable() @IsString() source_id_name!: string | null;
  @IsNullable()
  @IsDefined()
  @ValidateNested()
  @Type(() => ConnectionSnapshot)
  connection_before!: ConnectionSnapshot | null;
  @IsNullable()
  @IsDefined()
  @ValidateNested()
  @Type(() => ConnectionSnapshot)
  connection_after!: ConnectionSnapshot | null;
}

export class ConnectionActivity {
  @IsString() connection_id!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ActivityLogEntry) activity!: ActivityLogEntry[];
}

export const listConnectionActivity = defineRpc(
  SERVICE,
  'sync.list-connection-activity.v1',
  ConnectionRef,
  ConnectionActivity,
);

// --- Purchases (REST: /purchases) ---------------------------------------------------------------------

export class PurchaseListEntry {
  @IsString() purchase_id!: string;
  @IsISO8601({ strict: true }) date!: string;
  @IsString() total!: string;
  @IsOneOf(PURCHASE_TYPES) purchase_type!: PurchaseType;
}

/** `starting_after`: a purchase id of this connection; the page holds the next older purchases (date desc, id desc). */
export class ListPurchasesRequest extends Paged(ConnectionRef, PURCHASE_LIST_LIMIT) {}

export class PurchaseList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => PurchaseListEntry) purchases!: PurchaseListEntry[];
  @IsBoolean() has_more!: boolean;
}

export const listPurchases = defineRpc(SERVICE, 'sync.list-purchases.v1', ListPurchasesRequest, PurchaseList);

export class GetPurchaseRequest extends TeamScoped {
  @IsString() purchaseId!: string;
  /** When given, the purchase must belong to this connection (connection-token access). */
  @IsOmittable() @IsString() connectionId?: string;
}

/** The stored purchase; items' `product` is null here (matching-service owns matches). */
export const getPurchase = defineRpc(SERVICE, 'sync.get-purchase.v1', GetPurchaseRequest, PurchaseDetail);

// --- Link tokens (REST: /link-tokens) -----------------------------------------------------------------

export const LINK_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type LinkTokenStatus = (typeof LINK_TOKEN_STATUSES)[number];

export class LinkTokenMetadata {
  @IsString() customer_id!: string;
  @IsOneOf(LINK_TOKEN_STATUSES) status!: LinkTokenStatus;
  @IsISO8601({ strict: true }) created_at!: string;
  @IsISO8601({ strict: true }) expires_at!: string;
  @IsOmittable() @IsISO8601({ strict: true }) revoked_at?: string;
}

export class CreateLinkTokenRequest extends TeamScoped {
  @IsString() @MinLength(1) @MaxLength(64) customer_id!: string;
  @IsOptional() @IsString() @MaxLength(254) email?: string | null;
  @IsOptional() @IsString() @MaxLength(16) mobile?: string | null;
  @IsOmittable() @IsTags() tags?: Record<string, string>;
  @IsInt() @Min(1) @Max(LINK_TOKEN_LIFETIME_DAYS.max) expires_in_days?: number = LINK_TOKEN_LIFETIME_DAYS.default;
  /**
   * `X-Service-Idempotency-Key`: an identical retry returns the same token; the same key with a
   * different request is refused with 422 (loc header.x-service-idempotency-key).
   */
  @IsOmittable() @IsString() @MinLength(1) @MaxLength(255) idempotencyKey?: string;
}

export class CreatedLinkToken extends LinkTokenMetadata {
  @IsString() link_token!: string;
}

export const createLinkToken = defineRpc(
  SERVICE,
  'sync.create-link-token.v1',
  CreateLinkTokenRequest,
  CreatedLinkToken,
);

export class ListLinkTokensRequest extends TeamScoped {
  @IsString() @MinLength(1) @MaxLength(64) customer_id!: string;
  @IsOmittable() @IsOneOf(LINK_TOKEN_STATUSES) status?: LinkTokenStatus;
}

export class LinkTokenList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => LinkTokenMetadata) link_tokens!: LinkTokenMetadata[];
}

export const listLinkTokens = defineRpc(SERVICE, 'sync.list-link-tokens.v1', ListLinkTokensRequest, LinkTokenList);

export class RevokeLinkTokenRequest extends TeamScoped {
  @IsString() @MinLength(1) @MaxLength(200) linkToken!: string;
}

export class RevokedLinkToken {
  @Equals(true) revoked!: true;
}

/** 404 for an unknown token or another team's; revoking an expired or revoked token succeeds. */
export const revokeLinkToken = defineRpc(
  SERVICE,
  'sync.revoke-link-token.v1',
  RevokeLinkTokenRequest,
  RevokedLinkToken,
);

export class ResolveLinkTokenRequest {
  @IsString() @MinLength(1) @MaxLength(200) linkToken!: string;
}

export class ResolvedLinkToken extends TeamScoped {
  @IsString() customer_id!: string;
  @IsNullable() @IsString() email!: string | null;
  @IsNullable() @IsString() mobile!: string | null;
  @IsStringRecord() tags!: Record<string, string>;
  @IsOneOf(LINK_TOKEN_STATUSES) status!: LinkTokenStatus;
  @IsISO8601({ strict: true }) expires_at!: string;
}

/**
 * For the link flow: what a raw link token grants. Not team-scoped: the token itself names the team.
 * 404 for an unknown token; expired and revoked tokens are answered with their status (the caller refuses).
 */
export const resolveLinkToken = defineRpc(
  SERVICE,
  'sync.resolve-link-token.v1',
  ResolveLinkTokenRequest,
  ResolvedLinkToken,
);

// --- Connection status changes --------------------------------------------------------------------------

export class ConnectionUnauthenticated {
  @IsDefined() @ValidateNested() @Type(() => Connection) connection!: Connection;
}

/**
 * An active connection became unauthenticated: the retailer session was lost and the stored credentials no
 * longer sign in (activity `event_source` `Retailer`), or the simulator changed it. Webhook
 * `connection.unauthenticated`; `connection.is_simulated` flags simulated ones.
 */
export const connectionUnauthenticated = defineEvent('sync.connection.unauthenticated.v1', ConnectionUnauthenticated);

export class ConnectionSharingChanged {
  @IsString() @MinLength(1) connectionId!: string;
  /** Whole days of history before the first link the shopper shares (ADR 0014). */
  @IsInt() @Min(0) @Max(3_650) historyWindowDays!: number;
  /** The earliest purchase date the brand may see: the first link (or creation) minus the window. */
  @IsISO8601({ strict: true }) historyStart!: string;
}

/**
 * A link set the connection's sharing preference (the shopper's answer in the consent step): on the first link
 * and on every re-link, including a renewed sign-in of an active connection, which emits nothing else. Purchases
 * dated before `historyStart` are no longer the brand's to read. Internal: no webhook.
 */
export const connectionSharingChanged = defineEvent('sync.connection.sharing-changed.v1', ConnectionSharingChanged);

export class ConnectionChanged {
  @IsDefined() @ValidateNested() @Type(() => Connection) connection!: Connection;
}

/**
 * A connection was created (`POST /connections`, status `initialized`) or changed outside a link or a session loss:
 * `PATCH /connections/{id}` from the API, the dashboard or the storefront (identifiers, `disconnected`, `revoked`).
 * Carries the connection as it is now. Internal: no webhook (the seed's kinds stay as they are); the read model
 * follows it (ADR 0016).
 */
export const connectionChanged = defineEvent('sync.connection.changed.v1', ConnectionChanged);

export class ConnectionDeleted {
  /** The connection as it was when deleted. */
  @IsDefined() @ValidateNested() @Type(() => Connection) connection!: Connection;
}

/**
 * `DELETE /connections/{id}`: the connection, its activity and its purchases are no longer readable anywhere. Internal:
 * no webhook; the read model drops the connection's purchases and keeps a tombstone so a late purchase is not shown.
 */
export const connectionDeleted = defineEvent('sync.connection.deleted.v1', ConnectionDeleted);

// --- Simulator (REST: /simulated-connections/{id}) ------------------------------------------------------

export const SIMULATED_CONNECTION_STATUSES = ['active', 'unauthenticated'] as const;

export class UpdateSimulatedConnectionRequest extends ConnectionChange {
  @IsOneOf(SIMULATED_CONNECTION_STATUSES) status!: (typeof SIMULATED_CONNECTION_STATUSES)[number];
}

/**
 * PATCH /simulated-connections/{id}: `active` <-> `unauthenticated`, emitting `connection.activated`
 * (first_activation false) or `connection.unauthenticated`; the same status changes nothing. 404 for a
 * real, unknown or foreign id; 409 when the connection is disconnected.
 */
export const updateSimulatedConnection = defineRpc(
  SERVICE,
  'sync.update-simulated-connection.v1',
  UpdateSimulatedConnectionRequest,
  Connection,
);

/** DELETE /simulated-connections/{id}: as DELETE /connections/{id}, for simulated connections only (404 otherwise). */
export const deleteSimulatedConnection = defineRpc(
  SERVICE,
  'sync.delete-simulated-connection.v1',
  ConnectionChange,
  DeletedConnection,
);

export class SimulatedDataPurged {
  @IsISO8601({ strict: true }) cutoff!: string;
  @IsArray() @IsString({ each: true }) connectionIds!: string[];
  @IsArray() @IsString({ each: true }) purchaseIds!: string[];
}

/**
 * Simulated objects older than `cutoff` were purged from sync (connections with their purchases and
 * activity, and simulated purchases). With a `teamId` in the envelope: that team's purged ids, so matching
 * and events remove what they keep of them too. Without one: a sweep, each service drops its own simulated
 * rows older than `cutoff`.
 */
export const simulatedDataPurged = defineEvent('sync.simulated-data.purged.v1', SimulatedDataPurged);

// --- Hosted link flow (api-gateway `{base_url}/link`) -------------------------------------------------
// The gateway renders pages; sync-service keeps the flow's state (a link session), signs in to the retailer
// through the RetailerAdapter, and activates the connection. A session is named by a random secret the
// gateway keeps in a signed cookie; an unknown or expired session is refused with 404 everywhere.

export class RetailerRef {
  @IsString() retailer_id!: string;
  @IsString() name!: string;
}

export const LINK_SESSION_STATES = [
  'select_retailer',
  'sign_in',
  'one_time_code',
  'error',
  'succeeded',
  'cancelled',
] as const;
export type LinkSessionState = (typeof LINK_SESSION_STATES)[number];

export const LINK_ERROR_CODES = [
  /** Wrong email or password at the retailer (sign_in). */
  'invalid_credentials',
  /** Wrong one-time code (one_time_code); `attempts_left` when the retailer says. */
  'invalid_code',
  /** The code step ended (expired, used up): sign in again (sign_in). */
  'challenge_expired',
  /** The retailer did not answer (timeout, 5xx, 429): retryable. */
  'retailer_unavailable',
  /** Too many failed sign-ins in this session: start again from the brand's app. */
  'too_many_attempts',
  /** The retailer was disabled for the brand, or the link token revoked or expired, during the flow. */
  'link_unavailable',
  /** The connection to re-authenticate was disconnected or deleted during the flow. */
  'connection_unavailable',
] as const;
export type LinkErrorCode = (typeof LINK_ERROR_CODES)[number];

export const LINK_ENTRIES = ['link_token', 'link_url', 'reauthentication'] as const;
export type LinkEntry = (typeof LINK_ENTRIES)[number];

export class LinkError {
  @IsOneOf(LINK_ERROR_CODES) code!: LinkErrorCode;
  @IsBoolean() retryable!: boolean;
  @IsNullable() @IsInt() attempts_left!: number | null;
}

export class LinkSessionView {
  /** The brand's team, whose name the pages show. */
  @IsString() team_id!: string;
  @IsOneOf(LINK_SESSION_STATES) state!: LinkSessionState;
  @IsOneOf(LINK_ENTRIES) entry!: LinkEntry;
  /** Retailers the shopper may pick (link token entries only): enabled, not hidden, restricted ones by audience. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => RetailerRef) retailers!: RetailerRef[];
  /** False when the entry fixes the retailer (a retailer's link_url, a re-authentication). */
  @IsBoolean() can_choose_retailer!: boolean;
  @IsNullable() @IsDefined() @ValidateNested() @Type(() => RetailerRef) retailer!: RetailerRef | null;
  /** The shopper's email from the link token, to prefill the retailer sign-in. */
  @IsNullable() @IsString() prefill_email!: string | null;
  /** Where the retailer says it sent the one-time code (masked). */
  @IsNullable() @IsString() code_sent_to!: string | null;
  @IsNullable() @IsDefined() @ValidateNested() @Type(() => LinkError) error!: LinkError | null;
  /** The linked connection (succeeded), or the one being re-authenticated. */
  @IsNullable() @IsString() connection_id!: string | null;
  @IsNullable() @IsString() redirect_url!: string | null;
  @IsISO8601({ strict: true }) expires_at!: string;
  /**
   * The shopper's answer in the consent step: whole days of history before the first link the brand may see;
   * null until answered (the pages show the consent step before the retailer sign-in).
   */
  @IsNullable() @IsInt() @Min(0) history_window_days!: number | null;
  /** A re-link: the connection's current sharing preference (what the consent step starts from); else null. */
  @IsNullable() @IsInt() @Min(0) current_history_window_days!: number | null;
}

export class LinkSessionRef {
  @IsString() @MinLength(1) @MaxLength(100) sessionId!: string;
}

export class LinkTokenEntry {
  @Equals('link_token') kind!: 'link_token';
  @IsString() @MinLength(1) @MaxLength(200) linkToken!: string;
  /** Re-authentication of this connection (its retailer is fixed). */
  @IsOmittable() @IsString() @MinLength(1) @MaxLength(64) connectionId?: string;
}

export class LinkUrlEntry {
  @Equals('link_url') kind!: 'link_url';
  /** The last path segment of a retailer's `link_url`. */
  @IsString() @MinLength(1) @MaxLength(64) linkId!: string;
  /** The brand's customer id; a random `cus_...` id when absent. */
  @IsOmittable() @IsString() @MinLength(1) @MaxLength(64) customerId?: string;
  @IsOmittable() @IsString() @MaxLength(254) email?: string;
}

export class StartLinkSessionRequest {
  /** Chosen by `kind`; an unknown kind is read as a link token entry and refused by its rules. */
  @IsDefined()
  @ValidateNested()
  @Type(() => LinkTokenEntry, {
    keepDiscriminatorProperty: true,
    discriminator: {
      property: 'kind',
      subTypes: [
        { name: 'link_token', value: LinkTokenEntry },
        { name: 'link_url', value: LinkUrlEntry },
      ],
    },
  })
  entry!: LinkTokenEntry | LinkUrlEntry;
  /** Validated by the caller (absolute http(s)); null: the flow ends on its own page. */
  @IsNullable() @IsString() @MaxLength(2048) redirectUrl!: string | null;
}

export class StartedLinkSession {
  @IsString() sessionId!: string;
  @IsDefined() @ValidateNested() @Type(() => LinkSessionView) view!: LinkSessionView;
}

/**
 * Opens a link session from the first request of the flow. 404 for an unknown link token or link id, a
 * retailer not enabled (or inactive), or a `connectionId` that is not a connection of the token's team and
 * customer that can be re-authenticated; 410 for an expired or revoked link token.
 */
export const startLinkSession = defineRpc(
  SERVICE,
  'sync.start-link-session.v1',
  StartLinkSessionRequest,
  StartedLinkSession,
);

export const getLinkSession = defineRpc(SERVICE, 'sync.get-link-session.v1', LinkSessionRef, LinkSessionView);

export class ChooseLinkRetailerRequest extends LinkSessionRef {
  @IsNullable() @IsString() @MinLength(1) @MaxLength(64) retailerId!: string | null;
}

/**
 * Picks the retailer to sign in to (null: back to the list). Also the "try again" of a retryable error:
 * choosing the current retailer again. 404 for a retailer the shopper may not pick; 409 once the session
 * has ended.
 */
export const chooseLinkRetailer = defineRpc(
  SERVICE,
  'sync.choose-link-retailer.v1',
  ChooseLinkRetailerRequest,
  LinkSessionView,
);

export class SubmitLinkConsentRequest extends LinkSessionRef {
  /** The history window the shopper grants: one of the choices the brand's offer allows. */
  @IsInt() @Min(0) @Max(3_650) historyWindowDays!: number;
  /** The history window the brand asks for (its team's setting, read by the caller from auth-server). */
  @IsInt() @Min(0) @Max(3_650) offeredHistoryWindowDays!: number;
}

/**
 * The consent step, before the retailer sign-in: records what the shopper agrees to share. 422 for a window the
 * brand's offer does not allow; 409 outside the sign-in step. The sign-in is refused (409) until answered.
 */
export const submitLinkConsent = defineRpc(
  SERVICE,
  'sync.submit-link-consent.v1',
  SubmitLinkConsentRequest,
  LinkSessionView,
);

export class SubmitLinkCredentialsRequest extends LinkSessionRef {
  @IsString() @MinLength(1) @MaxLength(254) email!: string;
  @IsString() @MinLength(1) @MaxLength(256) password!: string;
}

/**
 * Signs in to the chosen retailer. The answer is the next step: `one_time_code`, `succeeded` (connection
 * active, history backfill started), `sign_in` again with an error, or a retryable `error`. Slow: it waits
 * for the retailer (callers allow RETAILER_REQUEST_TIMEOUT_MS and more).
 */
export const submitLinkCredentials = defineRpc(
  SERVICE,
  'sync.submit-link-credentials.v1',
  SubmitLinkCredentialsRequest,
  LinkSessionView,
);

export class SubmitLinkCodeRequest extends LinkSessionRef {
  @IsString() @MinLength(1) @MaxLength(32) code!: string;
}

export const submitLinkCode = defineRpc(SERVICE, 'sync.submit-link-code.v1', SubmitLinkCodeRequest, LinkSessionView);

/** The shopper left the flow. A succeeded session stays succeeded; sealed secrets are dropped either way. */
export const cancelLinkSession = defineRpc(SERVICE, 'sync.cancel-link-session.v1', LinkSessionRef, LinkSessionView);

// --- Dashboard overview ---------------------------------------------------------------------------------

export class TeamStatsRequest extends TeamScoped {
  /** Days of purchases to count, ending today (UTC). */
  @IsInt() @Min(1) @Max(366) days?: number = 90;
  /** Only simulated (true) or only real (false) connections and their purchases; absent: both. */
  @IsOmittable() @IsBoolean() simulated?: boolean;
}

export class ConnectionStatusCount {
  @IsOneOf(CONNECTION_STATUSES) status!: ConnectionStatus;
  @IsInt() @Min(0) count!: number;
}

export class PurchaseDay {
  /** `YYYY-MM-DD` (UTC). */
  @Matches(/^\d{4}-\d{2}-\d{2}$/) date!: string;
  @IsInt() @Min(0) purchases!: number;
}

export class TeamStats {
  /** Every public status, zero included; `revoked` counts as `disconnected`; deleted connections are not counted. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => ConnectionStatusCount) connections!: ConnectionStatusCount[];
  /** One entry per day, oldest first, zero included; purchases of deleted connections are not counted. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => PurchaseDay) purchases_per_day!: PurchaseDay[];
}

/** For the brand dashboard's overview: the team's connections by status and its purchases per day. */
export const teamStats = defineRpc(SERVICE, 'sync.team-stats.v1', TeamStatsRequest, TeamStats);

export class TeamOverviewRequest extends TeamScoped {
  /** First and last day of the range, `YYYY-MM-DD` (UTC), both included; at most 366 days. */
  @Matches(/^\d{4}-\d{2}-\d{2}$/) from!: string;
  @Matches(/^\d{4}-\d{2}-\d{2}$/) to!: string;
  /** Only simulated (test mode) or only real (live) connections and their purchases. */
  @IsBoolean() simulated!: boolean;
}

export class OverviewFigures {
  @IsInt() @Min(0) purchases!: number;
  /** Distinct customer ids. */
  @IsInt() @Min(0) shoppers!: number;
  /** Sum of the purchases' totals. */
  @Matches(MONEY_PATTERN) spend!: string;
  /** Sum of the items' quantities. */
  @IsInt() @Min(0) units!: number;
  /** Connections first linked (`connection_activated`) in the range. */
  @IsInt() @Min(0) new_links!: number;
  /** Connections that stopped being collected in the range (disconnected, revoked or deleted). */
  @IsInt() @Min(0) disconnections!: number;
}

export class OverviewRetailerFigures {
  @IsString() retailer_id!: string;
  @IsString() name!: string;
  @IsInt() @Min(0) purchases!: number;
  @IsInt() @Min(0) shoppers!: number;
  @Matches(MONEY_PATTERN) spend!: string;
  @IsInt() @Min(0) units!: number;
}

export class OverviewDay {
  @Matches(/^\d{4}-\d{2}-\d{2}$/) date!: string;
  @IsInt() @Min(0) purchases!: number;
  @Matches(MONEY_PATTERN) spend!: string;
}

export class TeamOverview {
  /** The range asked for and the previous period of the same length just before it. */
  @Matches(/^\d{4}-\d{2}-\d{2}$/) previous_from!: string;
  @Matches(/^\d{4}-\d{2}-\d{2}$/) previous_to!: string;
  @ValidateNested() @Type(() => OverviewFigures) current!: OverviewFigures;
  @ValidateNested() @Type(() => OverviewFigures) previous!: OverviewFigures;
  /** Retailers with purchases in the range, most purchases first. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => OverviewRetailerFigures) retailers!: OverviewRetailerFigures[];
  /** Every day of the range, oldest first, zero included. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => OverviewDay) per_day!: OverviewDay[];
}

/** The dashboard overview's figures for a date range and its previous period; deleted connections not counted. */
export const teamOverview = defineRpc(SERVICE, 'sync.team-overview.v1', TeamOverviewRequest, TeamOverview);

// --- Retailer push ----------------------------------------------------------------------------------------

export class RetailerOrdersAvailableRequest {
  @IsString() retailerId!: string;
  /** retailerAccountRef of the account (SHA-256 hex of retailer id and sign-in email). */
  @Matches(/^[0-9a-f]{64}$/) accountRef!: string;
}

export class RetailerOrdersAvailable {
  /** Active connections of that account (across teams) that will be polled now. */
  @IsInt() @Min(0) connections!: number;
}

/** A retailer told the platform an account has new orders (gateway `POST /retailer-notifications/{retailer_id}`). */
export const retailerOrdersAvailable = defineRpc(
  SERVICE,
  'sync.retailer-orders-available.v1',
  RetailerOrdersAvailableRequest,
  RetailerOrdersAvailable,
);
