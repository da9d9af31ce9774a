import { z } from 'zod';
import { defineEvent, defineRpc } from './contract.js';
import {
  actorSchema,
  connectionSchema,
  connectionStatusSchema,
  linkAudienceSchema,
  linkVisibilitySchema,
  purchaseDetailSchema,
  purchaseTypeSchema,
  retailerStatusSchema,
  tagsSchema,
  teamRetailerSchema,
} from './resources.js';

const SERVICE = 'sync-service';

export const listRetailers = defineRpc(
  SERVICE,
  'sync.list-retailers.v1',
  z.object({ teamId: z.string(), include: z.enum(['enabled', 'all']) }),
  z.object({ retailers: z.array(teamRetailerSchema) }),
);

/** The platform's retailer catalog, team-independent (names and brand colours for images). */
export const listCatalog = defineRpc(
  SERVICE,
  'sync.list-catalog.v1',
  z.object({}),
  z.object({
    retailers: z.array(
      z.object({
        retailer_id: z.string(),
        name: z.string(),
        status: retailerStatusSchema,
        brand_color: z.string().regex(/^#[0-9a-f]{6}$/i),
      }),
    ),
  }),
);

export const updateRetailer = defineRpc(
  SERVICE,
  'sync.update-retailer.v1',
  z.object({
    teamId: z.string(),
    retailerId: z.string(),
    enabled: z.boolean().optional(),
    link_visibility: linkVisibilitySchema.optional(),
    /** Replaces the stored lists entirely. */
    link_audience: linkAudienceSchema.optional(),
  }),
  teamRetailerSchema,
);

export const createSimulatedConnection = defineRpc(
  SERVICE,
  'sync.create-simulated-connection.v1',
  z.object({
    teamId: z.string(),
    actor: actorSchema,
    retailer_id: z.string(),
    customer_id: z.string().optional(),
    email: z.string().nullable().optional(),
    mobile: z.string().nullable().optional(),
    include_purchases: z.boolean().default(true),
  }),
  connectionSchema,
);

export const createSimulatedPurchase = defineRpc(
  SERVICE,
  'sync.create-simulated-purchase.v1',
  z.object({ teamId: z.string(), connectionId: z.string() }),
  purchaseDetailSchema,
);

export const connectionActivated = defineEvent(
  'sync.connection.activated.v1',
  z.object({ connection: connectionSchema, firstActivation: z.boolean() }),
);

export const purchaseCollected = defineEvent(
  'sync.purchase.collected.v1',
  z.object({ purchase: purchaseDetailSchema }),
);

// --- Connections (REST: /connections) ---------------------------------------------------------------
// Refusals: 404 `{detail}` for unknown or other teams' ids; 422 with HTTPValidationError entries
// (`[{loc: ['body', 'retailer_id'], msg, type, input}]`) for rule violations the gateway cannot see.

const connectionRef = { teamId: z.string(), connectionId: z.string() };

export const createConnection = defineRpc(
  SERVICE,
  'sync.create-connection.v1',
  z.object({
    teamId: z.string(),
    actor: actorSchema,
    customer_id: z.string().min(1).max(64),
    /** Must be enabled for the team (422 on loc body.retailer_id otherwise). */
    retailer_id: z.string(),
    email: z.string().max(254).nullable().optional(),
    mobile: z.string().max(16).nullable().optional(),
    tags: tagsSchema.optional(),
  }),
  connectionSchema,
);

export const listConnections = defineRpc(
  SERVICE,
  'sync.list-connections.v1',
  z.object({
    teamId: z.string(),
    customer_id: z.string().optional(),
    /** `disconnected` also matches the internal `revoked`. */
    status: connectionStatusSchema.optional(),
    retailer_id: z.string().optional(),
    limit: z.number().int().min(1).max(100).default(50),
    /** A connection id; the page holds the connections created before it (newest first). */
    starting_after: z.string().optional(),
  }),
  z.object({ connections: z.array(connectionSchema), has_more: z.boolean() }),
);

export const getConnection = defineRpc(SERVICE, 'sync.get-connection.v1', z.object(connectionRef), connectionSchema);

export const updateConnection = defineRpc(
  SERVICE,
  'sync.update-connection.v1',
  z.object({
    ...connectionRef,
    actor: actorSchema,
    customer_id: z.string().min(1).max(64).optional(),
    email: z.string().max(254).nullable().optional(),
    mobile: z.string().max(16).nullable().optional(),
    status: z.literal('disconnected').optional(),
  }),
  connectionSchema,
);

/** Collection stops; the connection and its purchases are no longer readable. */
export const deleteConnection = defineRpc(
  SERVICE,
  'sync.delete-connection.v1',
  z.object({ ...connectionRef, actor: actorSchema }),
  z.object({ connection_id: z.string(), deleted: z.literal(true) }),
);

export const connectionSnapshotSchema = z.object({
  connection_id: z.string(),
  customer_id: z.string(),
  retailer_id: z.string(),
  status: connectionStatusSchema,
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});

export const activityLogEntrySchema = z.object({
  timestamp: z.iso.datetime(),
  event_source: z.enum(['API', 'Dashboard', 'Retailer', 'System', 'Consumer']),
  event: z.string(),
  details: z.string().nullable(),
  source_id_type: z.enum(['dashboard_user', 'client_api_key']).nullable(),
  source_id_name: z.string().nullable(),
  connection_before: connectionSnapshotSchema.nullable(),
  connection_after: connectionSnapshotSchema.nullable(),
});

export const listConnectionActivity = defineRpc(
  SERVICE,
  'sync.list-connection-activity.v1',
  z.object(connectionRef),
  z.object({ connection_id: z.string(), activity: z.array(activityLogEntrySchema) }),
);

// --- Purchases (REST: /purchases) ---------------------------------------------------------------------

export const purchaseListEntrySchema = z.object({
  purchase_id: z.string(),
  date: z.iso.datetime(),
  total: z.string(),
  purchase_type: purchaseTypeSchema,
});

export const listPurchases = defineRpc(
  SERVICE,
  'sync.list-purchases.v1',
  z.object({
    ...connectionRef,
    limit: z.number().int().min(1).max(50).default(10),
    /** A purchase id of this connection; the page holds the next older purchases (date desc, id desc). */
    starting_after: z.string().optional(),
  }),
  z.object({ purchases: z.array(purchaseListEntrySchema), has_more: z.boolean() }),
);

/** The stored purchase; items' `product` is null here (matching-service owns matches). */
export const getPurchase = defineRpc(
  SERVICE,
  'sync.get-purchase.v1',
  z.object({
    teamId: z.string(),
    purchaseId: z.string(),
    /** When given, the purchase must belong to this connection (connection-token access). */
    connectionId: z.string().optional(),
  }),
  purchaseDetailSchema,
);

// --- Link tokens (REST: /link-tokens) -----------------------------------------------------------------

export const linkTokenStatusSchema = z.enum(['active', 'expired', 'revoked']);

export const linkTokenMetadataSchema = z.object({
  customer_id: z.string(),
  status: linkTokenStatusSchema,
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().optional(),
});

export const createLinkToken = defineRpc(
  SERVICE,
  'sync.create-link-token.v1',
  z.object({
    teamId: z.string(),
    customer_id: z.string().min(1).max(64),
    email: z.string().max(254).nullable().optional(),
    mobile: z.string().max(16).nullable().optional(),
    tags: tagsSchema.optional(),
    expires_in_days: z.number().int().min(1).max(365).default(30),
    /**
     * `X-Service-Idempotency-Key`: an identical retry returns the same token; the same key with a
     * different request is refused with 422 (loc header.x-service-idempotency-key).
     */
    idempotencyKey: z.string().min(1).max(255).optional(),
  }),
  linkTokenMetadataSchema.extend({ link_token: z.string() }),
);

export const listLinkTokens = defineRpc(
  SERVICE,
  'sync.list-link-tokens.v1',
  z.object({ teamId: z.string(), customer_id: z.string().min(1).max(64), status: linkTokenStatusSchema.optional() }),
  z.object({ link_tokens: z.array(linkTokenMetadataSchema) }),
);

/** 404 for an unknown token or another team's; revoking an expired or revoked token succeeds. */
export const revokeLinkToken = defineRpc(
  SERVICE,
  'sync.revoke-link-token.v1',
  z.object({ teamId: z.string(), linkToken: z.string().min(1).max(200) }),
  z.object({ revoked: z.literal(true) }),
);

/**
 * For the link flow: what a raw link token grants. Not team-scoped: the token itself names the team.
 * 404 for an unknown token; expired and revoked tokens are answered with their status (the caller refuses).
 */
export const resolveLinkToken = defineRpc(
  SERVICE,
  'sync.resolve-link-token.v1',
  z.object({ linkToken: z.string().min(1).max(200) }),
  z.object({
    teamId: z.string(),
    customer_id: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    tags: z.record(z.string(), z.string()),
    status: linkTokenStatusSchema,
    expires_at: z.iso.datetime(),
  }),
);

// --- Connection status changes --------------------------------------------------------------------------

/**
 * An active connection became unauthenticated: the retailer session was lost and the stored credentials no
 * longer sign in (activity `event_source` `Retailer`), or the simulator changed it. Webhook
 * `connection.unauthenticated`; `connection.is_simulated` flags simulated ones.
 */
export const connectionUnauthenticated = defineEvent(
  'sync.connection.unauthenticated.v1',
  z.object({ connection: connectionSchema }),
);

// --- Simulator (REST: /simulated-connections/{id}) ------------------------------------------------------

/**
 * PATCH /simulated-connections/{id}: `active` <-> `unauthenticated`, emitting `connection.activated`
 * (first_activation false) or `connection.unauthenticated`; the same status changes nothing. 404 for a
 * real, unknown or foreign id; 409 when the connection is disconnected.
 */
export const updateSimulatedConnection = defineRpc(
  SERVICE,
  'sync.update-simulated-connection.v1',
  z.object({ ...connectionRef, actor: actorSchema, status: z.enum(['active', 'unauthenticated']) }),
  connectionSchema,
);

/** DELETE /simulated-connections/{id}: as DELETE /connections/{id}, for simulated connections only (404 otherwise). */
export const deleteSimulatedConnection = defineRpc(
  SERVICE,
  'sync.delete-simulated-connection.v1',
  z.object({ ...connectionRef, actor: actorSchema }),
  z.object({ connection_id: z.string(), deleted: z.literal(true) }),
);

/**
 * Simulated objects older than `cutoff` were purged from sync (connections with their purchases and
 * activity, and simulated purchases). With a `teamId` in the envelope: that team's purged ids, so matching
 * and events remove what they keep of them too. Without one: a sweep, each service drops its own simulated
 * rows older than `cutoff`.
 */
export const simulatedDataPurged = defineEvent(
  'sync.simulated-data.purged.v1',
  z.object({
    cutoff: z.iso.datetime(),
    connectionIds: z.array(z.string()),
    purchaseIds: z.array(z.string()),
  }),
);

// --- Hosted link flow (api-gateway `{base_url}/link`) -------------------------------------------------
// The gateway renders pages; sync-service keeps the flow's state (a link session), signs in to the retailer
// through the RetailerAdapter, and activates the connection. A session is named by a random secret the
// gateway keeps in a signed cookie; an unknown or expired session is refused with 404 everywhere.

const retailerRef = z.object({ retailer_id: z.string(), name: z.string() });

export const linkSessionStateSchema = z.enum([
  'select_retailer',
  'sign_in',
  'one_time_code',
  'error',
  'succeeded',
  'cancelled',
]);

export const linkErrorCodeSchema = z.enum([
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
]);

export const linkSessionViewSchema = z.object({
  /** The brand's team, whose name the pages show. */
  team_id: z.string(),
  state: linkSessionStateSchema,
  entry: z.enum(['link_token', 'link_url', 'reauthentication']),
  /** Retailers the shopper may pick (link token entries only): enabled, not hidden, restricted ones by audience. */
  retailers: z.array(retailerRef),
  /** False when the entry fixes the retailer (a retailer's link_url, a re-authentication). */
  can_choose_retailer: z.boolean(),
  retailer: retailerRef.nullable(),
  /** The shopper's email from the link token, to prefill the retailer sign-in. */
  prefill_email: z.string().nullable(),
  /** Where the retailer says it sent the one-time code (masked). */
  code_sent_to: z.string().nullable(),
  error: z
    .object({ code: linkErrorCodeSchema, retryable: z.boolean(), attempts_left: z.number().int().nullable() })
    .nullable(),
  /** The linked connection (succeeded), or the one being re-authenticated. */
  connection_id: z.string().nullable(),
  redirect_url: z.string().nullable(),
  expires_at: z.iso.datetime(),
});
export type LinkSessionView = z.infer<typeof linkSessionViewSchema>;

const linkSessionRef = { sessionId: z.string().min(1).max(100) };

/**
 * Opens a link session from the first request of the flow. 404 for an unknown link token or link id, a
 * retailer not enabled (or inactive), or a `connectionId` that is not a connection of the token's team and
 * customer that can be re-authenticated; 410 for an expired or revoked link token.
 */
export const startLinkSession = defineRpc(
  SERVICE,
  'sync.start-link-session.v1',
  z.object({
    entry: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('link_token'),
        linkToken: z.string().min(1).max(200),
        /** Re-authentication of this connection (its retailer is fixed). */
        connectionId: z.string().min(1).max(64).optional(),
      }),
      z.object({
        kind: z.literal('link_url'),
        /** The last path segment of a retailer's `link_url`. */
        linkId: z.string().min(1).max(64),
        /** The brand's customer id; a random `cus_...` id when absent. */
        customerId: z.string().min(1).max(64).optional(),
        email: z.string().max(254).optional(),
      }),
    ]),
    /** Validated by the caller (absolute http(s)); null: the flow ends on its own page. */
    redirectUrl: z.string().max(2048).nullable(),
  }),
  z.object({ sessionId: z.string(), view: linkSessionViewSchema }),
);

export const getLinkSession = defineRpc(
  SERVICE,
  'sync.get-link-session.v1',
  z.object(linkSessionRef),
  linkSessionViewSchema,
);

/**
 * Picks the retailer to sign in to (null: back to the list). Also the "try again" of a retryable error:
 * choosing the current retailer again. 404 for a retailer the shopper may not pick; 409 once the session
 * has ended.
 */
export const chooseLinkRetailer = defineRpc(
  SERVICE,
  'sync.choose-link-retailer.v1',
  z.object({ ...linkSessionRef, retailerId: z.string().min(1).max(64).nullable() }),
  linkSessionViewSchema,
);

/**
 * Signs in to the chosen retailer. The answer is the next step: `one_time_code`, `succeeded` (connection
 * active, history backfill started), `sign_in` again with an error, or a retryable `error`. Slow: it waits
 * for the retailer (callers allow RETAILER_REQUEST_TIMEOUT_MS and more).
 */
export const submitLinkCredentials = defineRpc(
  SERVICE,
  'sync.submit-link-credentials.v1',
  z.object({ ...linkSessionRef, email: z.string().min(1).max(254), password: z.string().min(1).max(256) }),
  linkSessionViewSchema,
);

export const submitLinkCode = defineRpc(
  SERVICE,
  'sync.submit-link-code.v1',
  z.object({ ...linkSessionRef, code: z.string().min(1).max(32) }),
  linkSessionViewSchema,
);

/** The shopper left the flow. A succeeded session stays succeeded; sealed secrets are dropped either way. */
export const cancelLinkSession = defineRpc(
  SERVICE,
  'sync.cancel-link-session.v1',
  z.object(linkSessionRef),
  linkSessionViewSchema,
);
