import { z } from 'zod';
import { defineEvent, defineRpc } from './contract.js';

const SERVICE = 'auth-server';

export const verifyApiKey = defineRpc(
  SERVICE,
  'auth.verify-api-key.v1',
  z.object({ apiKey: z.string().min(1).max(256) }),
  z.discriminatedUnion('valid', [
    z.object({
      valid: z.literal(true),
      keyId: z.string(),
      teamId: z.string(),
      keyName: z.string(),
    }),
    z.object({ valid: z.literal(false) }),
  ]),
);

export const createTeam = defineRpc(
  SERVICE,
  'auth.create-team.v1',
  z.object({ name: z.string().trim().min(1).max(200) }),
  z.object({ team_id: z.string() }),
);

/** A team's public face (its name), e.g. for the hosted link pages. */
export const getTeam = defineRpc(
  SERVICE,
  'auth.get-team.v1',
  z.object({ teamId: z.string().min(1) }),
  z.object({ team_id: z.string(), name: z.string() }),
);

export const createApiKey = defineRpc(
  SERVICE,
  'auth.create-api-key.v1',
  z.object({
    teamId: z.string().min(1),
    name: z.string().trim().min(1).max(200),
  }),
  z.object({ key_id: z.string(), api_key: z.string() }),
);

export const revokeApiKey = defineRpc(
  SERVICE,
  'auth.revoke-api-key.v1',
  z.object({ keyId: z.string().min(1) }),
  z.object({ key_id: z.string(), revoked_at: z.iso.datetime() }),
);

export const createUser = defineRpc(
  SERVICE,
  'auth.create-user.v1',
  z.object({
    email: z.email().max(254),
    password: z.string().min(8).max(256),
    teamIds: z.array(z.string().min(1)).min(1),
  }),
  z.object({ user_id: z.string() }),
);

export const apiKeyRevoked = defineEvent(
  'auth.api-key.revoked.v1',
  z.object({ keyId: z.string(), teamId: z.string() }),
);

// --- Partner OAuth apps and installations ------------------------------------------------------------

/** The fixed scopes of a partner app; a grant holds all three. */
export const PARTNER_SCOPES = ['connections:read', 'retailers:read', 'purchases:brand_products'] as const;

/** Grant of installations authorized before `retailers:read` existed (kept until they re-authorize). */
export const LEGACY_PARTNER_SCOPES = ['connections:read', 'purchases:brand_products'] as const;

export const installationStatusSchema = z.enum(['active', 'deactivated', 'disconnected']);
export type InstallationStatus = z.infer<typeof installationStatusSchema>;

/**
 * Registers a confidential partner app owned by a team. `redirectUris`: 1 to 10 exact absolute URIs,
 * HTTPS or loopback HTTP. The client secret and the webhook signing secret are returned once.
 */
export const createPartnerApp = defineRpc(
  SERVICE,
  'auth.create-partner-app.v1',
  z.object({
    teamId: z.string().min(1),
    name: z.string().trim().min(1).max(200),
    redirectUris: z.array(z.string()).min(1),
    webhookUrl: z.string().optional(),
  }),
  z.object({ client_id: z.string(), client_secret: z.string(), webhook_secret: z.string() }),
);

/** Replaces the client secret; the old one stops working at once. */
export const rotatePartnerAppSecret = defineRpc(
  SERVICE,
  'auth.rotate-partner-app-secret.v1',
  z.object({ clientId: z.string().min(1) }),
  z.object({ client_id: z.string(), client_secret: z.string() }),
);

/** Where and how events-service signs deliveries to a partner app (the secret travels only here). */
export const getPartnerAppWebhook = defineRpc(
  SERVICE,
  'auth.get-partner-app-webhook.v1',
  z.object({ clientId: z.string().min(1) }),
  z.object({ client_id: z.string(), webhook_url: z.string().nullable(), webhook_secret: z.string() }),
);

/** Dashboard disconnect: the installation becomes `deactivated` and its refresh tokens are revoked. */
export const disconnectInstallation = defineRpc(
  SERVICE,
  'auth.disconnect-installation.v1',
  z.object({ clientId: z.string().min(1), teamId: z.string().min(1) }),
  z.object({
    installation_id: z.string(),
    client_id: z.string(),
    team_id: z.string(),
    status: installationStatusSchema,
  }),
);

const installationEventData = {
  installationId: z.string(),
  clientId: z.string(),
  teamId: z.string(),
  /** Where partner webhooks go; null when the app has none. */
  webhookUrl: z.string().nullable(),
};

/** A code exchange made the installation active (new, re-authorized, or updated from a legacy grant). */
export const installationActivated = defineEvent(
  'auth.installation.activated.v1',
  z.object({
    ...installationEventData,
    scope: z.string(),
    /** Status before this authorization; null for a new installation. */
    previousStatus: installationStatusSchema.nullable(),
  }),
);

/** Dashboard disconnect or `POST /oauth/revoke`: delivery stops until the brand authorizes again. */
export const installationDeactivated = defineEvent(
  'auth.installation.deactivated.v1',
  z.object({ ...installationEventData, reason: z.enum(['dashboard_disconnect', 'revoked']) }),
);

/** Refresh-token reuse (or a retry after the window): tokens revoked, delivery stops. */
export const installationDisconnected = defineEvent(
  'auth.installation.disconnected.v1',
  z.object({ ...installationEventData, reason: z.literal('refresh_token_reuse') }),
);
