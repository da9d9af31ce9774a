import {
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsEmail,
  IsISO8601,
  IsString,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { defineEvent, defineRpc, type MessageClass } from './contract.js';
import { IsNullable, IsOmittable, IsOneOf, Trim } from './validators.js';

const SERVICE = 'auth-server';

export class VerifyApiKeyRequest {
  @IsString() @MinLength(1) @MaxLength(256) apiKey!: string;
}

/** The reply's rules; its type is the `ApiKeyVerdict` union (the key's ids only when it is valid). */
export class VerifyApiKeyResponse {
  @IsBoolean() valid!: boolean;
  @ValidateIf((verdict: VerifyApiKeyResponse) => verdict.valid) @IsString() keyId?: string;
  @ValidateIf((verdict: VerifyApiKeyResponse) => verdict.valid) @IsString() teamId?: string;
  @ValidateIf((verdict: VerifyApiKeyResponse) => verdict.valid) @IsString() keyName?: string;
}
export type ApiKeyVerdict = { valid: true; keyId: string; teamId: string; keyName: string } | { valid: false };

export const verifyApiKey = defineRpc(
  SERVICE,
  'auth.verify-api-key.v1',
  VerifyApiKeyRequest,
  VerifyApiKeyResponse as MessageClass<ApiKeyVerdict>,
);

export class CreateTeamRequest {
  @Trim() @IsString() @MinLength(1) @MaxLength(200) name!: string;
}
export class CreatedTeam {
  @IsString() team_id!: string;
}
export const createTeam = defineRpc(SERVICE, 'auth.create-team.v1', CreateTeamRequest, CreatedTeam);

export class GetTeamRequest {
  @IsString() @MinLength(1) teamId!: string;
}
export class Team {
  @IsString() team_id!: string;
  @IsString() name!: string;
}
/** A team's public face (its name), e.g. for the hosted link pages. */
export const getTeam = defineRpc(SERVICE, 'auth.get-team.v1', GetTeamRequest, Team);

export class CreateApiKeyRequest {
  @IsString() @MinLength(1) teamId!: string;
  @Trim() @IsString() @MinLength(1) @MaxLength(200) name!: string;
}
export class CreatedApiKey {
  @IsString() key_id!: string;
  @IsString() api_key!: string;
}
export const createApiKey = defineRpc(SERVICE, 'auth.create-api-key.v1', CreateApiKeyRequest, CreatedApiKey);

export class RevokeApiKeyRequest {
  @IsString() @MinLength(1) keyId!: string;
  /** The team the key belongs to: a key of another team is "not found" and stays as it is. */
  @IsString() @MinLength(1) teamId!: string;
}
export class RevokedApiKey {
  @IsString() key_id!: string;
  @IsISO8601({ strict: true }) revoked_at!: string;
}
export const revokeApiKey = defineRpc(SERVICE, 'auth.revoke-api-key.v1', RevokeApiKeyRequest, RevokedApiKey);

export class CreateUserRequest {
  @IsEmail() @MaxLength(254) email!: string;
  @IsString() @MinLength(8) @MaxLength(256) password!: string;
  @IsArray() @ArrayMinSize(1) @IsString({ each: true }) @MinLength(1, { each: true }) teamIds!: string[];
}
export class CreatedUser {
  @IsString() user_id!: string;
}
export const createUser = defineRpc(SERVICE, 'auth.create-user.v1', CreateUserRequest, CreatedUser);

export class ApiKeyRevoked {
  @IsString() keyId!: string;
  @IsString() teamId!: string;
}
export const apiKeyRevoked = defineEvent('auth.api-key.revoked.v1', ApiKeyRevoked);

// --- Partner OAuth apps and installations ------------------------------------------------------------

/** The fixed scopes of a partner app; a grant holds all three. */
export const PARTNER_SCOPES = ['connections:read', 'retailers:read', 'purchases:brand_products'] as const;

/** Grant of installations authorized before `retailers:read` existed (kept until they re-authorize). */
export const LEGACY_PARTNER_SCOPES = ['connections:read', 'purchases:brand_products'] as const;

export const INSTALLATION_STATUSES = ['active', 'deactivated', 'disconnected'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

export class CreatePartnerAppRequest {
  @IsString() @MinLength(1) teamId!: string;
  @Trim() @IsString() @MinLength(1) @MaxLength(200) name!: string;
  @IsArray() @ArrayMinSize(1) @IsString({ each: true }) redirectUris!: string[];
  @IsOmittable() @IsString() webhookUrl?: string;
}
export class CreatedPartnerApp {
  @IsString() client_id!: string;
  @IsString() client_secret!: string;
  @IsString() webhook_secret!: string;
}
/**
 * Registers a confidential partner app owned by a team. `redirectUris`: 1 to 10 exact absolute URIs,
 * HTTPS or loopback HTTP. The client secret and the webhook signing secret are returned once.
 */
export const createPartnerApp = defineRpc(
  SERVICE,
  'auth.create-partner-app.v1',
  CreatePartnerAppRequest,
  CreatedPartnerApp,
);

export class PartnerAppRef {
  @IsString() @MinLength(1) clientId!: string;
}
export class RotatedPartnerAppSecret {
  @IsString() client_id!: string;
  @IsString() client_secret!: string;
}
/** Replaces the client secret; the old one stops working at once. */
export const rotatePartnerAppSecret = defineRpc(
  SERVICE,
  'auth.rotate-partner-app-secret.v1',
  PartnerAppRef,
  RotatedPartnerAppSecret,
);

export class PartnerAppWebhook {
  @IsString() client_id!: string;
  @IsNullable() @IsString() webhook_url!: string | null;
  @IsString() webhook_secret!: string;
}
/** Where and how events-service signs deliveries to a partner app (the secret travels only here). */
export const getPartnerAppWebhook = defineRpc(
  SERVICE,
  'auth.get-partner-app-webhook.v1',
  PartnerAppRef,
  PartnerAppWebhook,
);

export class DisconnectInstallationRequest {
  @IsString() @MinLength(1) clientId!: string;
  @IsString() @MinLength(1) teamId!: string;
}
export class Installation {
  @IsString() installation_id!: string;
  @IsString() client_id!: string;
  @IsString() team_id!: string;
  @IsOneOf(INSTALLATION_STATUSES) status!: InstallationStatus;
}
/** Dashboard disconnect: the installation becomes `deactivated` and its refresh tokens are revoked. */
export const disconnectInstallation = defineRpc(
  SERVICE,
  'auth.disconnect-installation.v1',
  DisconnectInstallationRequest,
  Installation,
);

export class InstallationEventData {
  @IsString() installationId!: string;
  @IsString() clientId!: string;
  @IsString() teamId!: string;
  /** Where partner webhooks go; null when the app has none. */
  @IsNullable() @IsString() webhookUrl!: string | null;
}

export class InstallationActivated extends InstallationEventData {
  @IsString() scope!: string;
  /** Status before this authorization; null for a new installation. */
  @IsNullable() @IsOneOf(INSTALLATION_STATUSES) previousStatus!: InstallationStatus | null;
}
/** A code exchange made the installation active (new, re-authorized, or updated from a legacy grant). */
export const installationActivated = defineEvent('auth.installation.activated.v1', InstallationActivated);

export const DEACTIVATION_REASONS = ['dashboard_disconnect', 'revoked'] as const;
export type DeactivationReason = (typeof DEACTIVATION_REASONS)[number];

export class InstallationDeactivated extends InstallationEventData {
  @IsOneOf(DEACTIVATION_REASONS) reason!: DeactivationReason;
}
/** Dashboard disconnect or `POST /oauth/revoke`: delivery stops until the brand authorizes again. */
export const installationDeactivated = defineEvent('auth.installation.deactivated.v1', InstallationDeactivated);

export class InstallationDisconnected extends InstallationEventData {
  @Equals('refresh_token_reuse') reason!: 'refresh_token_reuse';
}
/** Refresh-token reuse (or a retry after the window): tokens revoked, delivery stops. */
export const installationDisconnected = defineEvent('auth.installation.disconnected.v1', InstallationDisconnected);
