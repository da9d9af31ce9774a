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
