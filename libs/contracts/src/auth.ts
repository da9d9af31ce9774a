import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { defineEvent, defineRpc, Type, type MessageClass, TeamScoped } from './contract.js';
import { IsNullable, IsOmittable, IsOneOf, Trim } from './validators.js';

/** The longest history window a team may ask for (libs/domain MAX_HISTORY_WINDOW_DAYS; contracts import only contracts). */
const MAX_HISTORY_WINDOW_DAYS = 3_650;

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

export class GetTeamRequest extends TeamScoped {}
export class Team {
  @IsString() team_id!: string;
  @IsString() name!: string;
  /** The team's own REST API rate limit (requests a minute, and at once); null: the gateway's default. */
  @IsNullable() @IsInt() @Min(1) rate_limit_per_minute!: number | null;
  @IsNullable() @IsInt() @Min(1) rate_limit_burst!: number | null;
  /** The brand name shoppers see (hosted link pages, consent step); null: `name`. */
  @IsNullable() @IsString() display_name!: string | null;
  /** An https address of the brand's logo; null: none. */
  @IsNullable() @IsString() logo_url!: string | null;
  /** The brand's privacy page, linked from the link flow's consent step; null: none. */
  @IsNullable() @IsString() privacy_policy_url!: string | null;
  /** How much history before the first link the brand asks shoppers to share, in whole days. */
  @IsInt() @Min(0) @Max(MAX_HISTORY_WINDOW_DAYS) history_window_days!: number;
  /** Origins a public `link_url`'s `redirect_url` may return shoppers to; []: none (the flow ends on its own page). */
  @IsArray() @IsString({ each: true }) redirect_origins!: string[];
}
/** A team's name and sharing profile (e.g. for the hosted link pages) and its rate limit (the gateway). */
export const getTeam = defineRpc(SERVICE, 'auth.get-team.v1', GetTeamRequest, Team);

export class SetTeamRateLimitRequest extends TeamScoped {
  /** Requests a minute; null goes back to the gateway's default (RATE_LIMIT_PER_MINUTE). */
  @IsNullable() @IsInt() @Min(1) @Max(1_000_000) perMinute!: number | null;
  /** Requests at once; null: a sixth of `perMinute` (or the gateway's default burst when that is null too). */
  @IsNullable() @IsInt() @Min(1) @Max(1_000_000) burst!: number | null;
}
/** An operator sets a team's REST API rate limit; the gateway applies it within a minute. */
export const setTeamRateLimit = defineRpc(SERVICE, 'auth.set-team-rate-limit.v1', SetTeamRateLimitRequest, Team);

export class SetTeamBrandingRequest extends TeamScoped {
  /** What shoppers see instead of the team's name; null: the name. */
  @IsNullable() @Trim() @IsString() @MinLength(1) @MaxLength(100) displayName!: string | null;
  /** The brand's logo: an https address; null: none. */
  @IsNullable()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['https'], require_protocol: true, require_tld: false, disallow_auth: true })
  logoUrl!: string | null;
}
/** An operator sets the display name and logo the hosted link pages show for a team. */
export const setTeamBranding = defineRpc(SERVICE, 'auth.set-team-branding.v1', SetTeamBrandingRequest, Team);

export class SetTeamSharingRequest extends TeamScoped {
  /** Omitted: unchanged; null: back to the team's name. */
  @IsOptional() @Trim() @IsString() @MinLength(1) @MaxLength(100) displayName?: string | null;
  /** Omitted: unchanged; null: no privacy page. An https URL (shoppers follow it from the consent step). */
  @IsOptional()
  @IsUrl({ protocols: ['https'], require_protocol: true, require_tld: false })
  @MaxLength(2048)
  privacyPolicyUrl?: string | null;
  @IsOmittable() @IsInt() @Min(0) @Max(MAX_HISTORY_WINDOW_DAYS) historyWindowDays?: number;
  /**
   * Omitted: unchanged. The origins (`https://shop.example`) a public `link_url`'s `redirect_url` may return shoppers
   * to; [] (the default): none, the flow ends on a page of its own. auth-server checks and normalizes each.
   */
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  redirectOrigins?: string[];
}
/** An operator sets what the hosted link flow shows of a team and the history window it asks for. */
export const setTeamSharing = defineRpc(SERVICE, 'auth.set-team-sharing.v1', SetTeamSharingRequest, Team);

export class TeamProfileChanged extends TeamScoped {}
/**
 * What shoppers see of a team (display name, logo, privacy page, history window) changed, in the transaction of
 * the change: every gateway replica drops its cached profile, so the link pages show the new one at once.
 */
export const teamProfileChanged = defineEvent('auth.team-profile.changed.v1', TeamProfileChanged);

/** One event per team of the user: the lockout goes into each team's audit log. */
export class SignInLocked extends TeamScoped {
  @IsString() email!: string;
  /** Failed sign-ins in a row, and how long the account is now refused. */
  @IsInt() @Min(1) failures!: number;
  @IsInt() @Min(1) lockedSeconds!: number;
  /** The address the last failure came from; null when unknown. */
  @IsNullable() @IsString() address!: string | null;
}
/**
 * Too many wrong passwords locked a user's account for a while (dashboard or OAuth/connector sign-in), recorded with
 * the lock in auth-server's transaction: the dashboard writes it into the team's audit log.
 */
export const signInLocked = defineEvent('auth.sign-in.locked.v1', SignInLocked);

/** What a member may do in the dashboard: owners everything, developers all but people and brand, viewers read. */
export const TEAM_ROLES = ['owner', 'developer', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles that may create and revoke API keys. */
export const API_KEY_ROLES: readonly TeamRole[] = ['owner', 'developer'];

export class CreateApiKeyRequest extends TeamScoped {
  @Trim() @IsString() @MinLength(1) @MaxLength(200) name!: string;
  /** The dashboard user asking: refused (403) unless an owner or developer of the team. Absent: an operator. */
  @IsOmittable() @IsString() @MinLength(1) actorUserId?: string;
  /** The key is refused from this many days on; absent: it never expires. */
  @IsOmittable() @IsInt() @Min(1) @Max(3650) expiresInDays?: number;
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
  /** As for `createApiKey`: an owner or developer of the team, or absent (an operator). */
  @IsOmittable() @IsString() @MinLength(1) actorUserId?: string;
}
export class RevokedApiKey {
  @IsString() key_id!: string;
  @IsISO8601({ strict: true }) revoked_at!: string;
}
export const revokeApiKey = defineRpc(SERVICE, 'auth.revoke-api-key.v1', RevokeApiKeyRequest, RevokedApiKey);

export class RollApiKeyRequest extends RevokeApiKeyRequest {
  /** How long the old key keeps working next to the new one (0: revoked at once), at most 7 days. */
  @IsInt() @Min(0) @Max(168) overlapHours!: number;
}
export class RolledApiKey extends CreatedApiKey {
  @IsString() previous_key_id!: string;
  /** When the old key stops working (now, when it was revoked). */
  @IsISO8601({ strict: true }) previous_expires_at!: string;
}
/**
 * Rolls an API key: a new key of the same name (its secret answered once), and the old one expires after the
 * overlap. 404 for another team's key or one already revoked or expired; 403 for a viewer (`actorUserId`).
 */
export const rollApiKey = defineRpc(SERVICE, 'auth.roll-api-key.v1', RollApiKeyRequest, RolledApiKey);

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

/**
 * Scopes a data-query connector (an MCP client, INTERFACE-DECISIONS "Partner OAuth and MCP") may be granted;
 * `mcp:read` is the one the MCP server needs, the others work at the REST API.
 */
export const CONNECTOR_SCOPES = [
  'mcp:read',
  'retailers:read',
  'retailers:write',
  'connections:read',
  'connections:write',
  'simulator:write',
] as const;
export type ConnectorScope = (typeof CONNECTOR_SCOPES)[number];

/** Grant of installations authorized before `retailers:read` existed (kept until they re-authorize). */
export const LEGACY_PARTNER_SCOPES = ['connections:read', 'purchases:brand_products'] as const;

export const INSTALLATION_STATUSES = ['active', 'deactivated', 'disconnected'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

export class CreatePartnerAppRequest extends TeamScoped {
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
  /** The secret before the last rotation, still signing (with the current one) until `previous_secret_until`. */
  @IsOmittable() @IsNullable() @IsString() previous_webhook_secret?: string | null;
  @IsOmittable() @IsNullable() @IsISO8601({ strict: true }) previous_secret_until?: string | null;
}
/** Where and how events-service signs deliveries to a partner app (the secret travels only here). */
export const getPartnerAppWebhook = defineRpc(
  SERVICE,
  'auth.get-partner-app-webhook.v1',
  PartnerAppRef,
  PartnerAppWebhook,
);

export class RotatePartnerAppWebhookSecretRequest {
  @IsString() @MinLength(1) clientId!: string;
  /** How long deliveries keep carrying a signature with the old secret too (Standard Webhooks, several). */
  @IsOmittable() @IsInt() @Min(0) @Max(7 * 86_400) overlapSeconds: number = 86_400;
}
export class RotatedPartnerAppWebhookSecret {
  @IsString() client_id!: string;
  /** The new `whsec_` secret, shown once. */
  @IsString() webhook_secret!: string;
  /** Until when the old secret signs too; null without overlap. */
  @IsNullable() @IsISO8601({ strict: true }) previous_secret_until!: string | null;
}
/**
 * A new webhook signing secret for a partner app: deliveries are signed with both the new and the old secret
 * (`webhook-signature: v1,<new> v1,<old>`) until the overlap ends, so the partner can switch without a gap.
 */
export const rotatePartnerAppWebhookSecret = defineRpc(
  SERVICE,
  'auth.rotate-partner-app-webhook-secret.v1',
  RotatePartnerAppWebhookSecretRequest,
  RotatedPartnerAppWebhookSecret,
);

export class PartnerAppWebhookSecretRotated {
  @IsString() clientId!: string;
}
/** Tells events-service to fetch the app's signing secrets again (they travel only over the RPC above). */
export const partnerAppWebhookSecretRotated = defineEvent(
  'auth.partner-app.webhook-secret-rotated.v1',
  PartnerAppWebhookSecretRotated,
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

// --- Dashboard users (apps/dashboard) ------------------------------------------------------------------

export class SignInUserRequest {
  @IsString() @MinLength(1) @MaxLength(254) email!: string;
  @IsString() @MinLength(1) @MaxLength(256) password!: string;
  /** The signing-in browser's address: failed sign-ins are throttled per account and per address. */
  @IsOptional() @IsString() @MaxLength(64) address?: string;
}
export class UserTeam {
  @IsString() team_id!: string;
  @IsString() name!: string;
  @IsOneOf(TEAM_ROLES) role!: TeamRole;
}
export class DashboardUser {
  @IsString() user_id!: string;
  @IsString() email!: string;
  /** The teams the user is a member of, by name. */
  @IsArray() @ValidateNested({ each: true }) @Type(() => UserTeam) teams!: UserTeam[];
}
/** Checks a dashboard user's email and password: the user and their teams, or 401 (same answer for either wrong). */
export const signInUser = defineRpc(SERVICE, 'auth.sign-in-user.v1', SignInUserRequest, DashboardUser);

export class UserRef {
  @IsString() @MinLength(1) userId!: string;
}
/** The user and their current teams (the dashboard checks membership on every request); 404 for an unknown user. */
export const getUser = defineRpc(SERVICE, 'auth.get-user.v1', UserRef, DashboardUser);

export class TeamApiKey {
  @IsString() key_id!: string;
  @IsString() name!: string;
  /** The key's first characters, to tell keys apart; never the secret. */
  @IsString() prefix!: string;
  @IsISO8601({ strict: true }) created_at!: string;
  @IsNullable() @IsISO8601({ strict: true }) revoked_at!: string | null;
  /** To the minute; null: never used. */
  @IsNullable() @IsISO8601({ strict: true }) last_used_at!: string | null;
  @IsNullable() @IsISO8601({ strict: true }) expires_at!: string | null;
}
export class TeamApiKeyList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => TeamApiKey) api_keys!: TeamApiKey[];
}
/** The team's API keys, newest first, revoked ones included (no secrets). */
export const listApiKeys = defineRpc(SERVICE, 'auth.list-api-keys.v1', GetTeamRequest, TeamApiKeyList);

export class TeamPartnerApp {
  @IsString() client_id!: string;
  @IsString() name!: string;
  @IsArray() @IsString({ each: true }) redirect_uris!: string[];
  @IsNullable() @IsString() webhook_url!: string | null;
  @IsISO8601({ strict: true }) created_at!: string;
  @IsNullable() @IsISO8601({ strict: true }) secret_rotated_at!: string | null;
}
export class TeamPartnerAppList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => TeamPartnerApp) partner_apps!: TeamPartnerApp[];
}
/** The partner apps a team owns, newest first (no secrets). */
export const listPartnerApps = defineRpc(SERVICE, 'auth.list-partner-apps.v1', GetTeamRequest, TeamPartnerAppList);

export class UpdatePartnerAppRequest {
  @IsString() @MinLength(1) clientId!: string;
  /** The team that owns the app: another team's app is "not found" and stays as it is. */
  @IsString() @MinLength(1) teamId!: string;
  /** The whole new list (it replaces the old one), by the rules of `createPartnerApp`. */
  @IsArray() @ArrayMinSize(1) @IsString({ each: true }) redirectUris!: string[];
}
/**
 * Replaces a team's own partner app's redirect URIs (1 to 10 exact absolute URIs, HTTPS or loopback HTTP, no
 * duplicates): authorization requests are checked against the new list at once; 404 for an app of another team.
 */
export const updatePartnerApp = defineRpc(
  SERVICE,
  'auth.update-partner-app.v1',
  UpdatePartnerAppRequest,
  TeamPartnerApp,
);

export class TeamInstallation {
  @IsString() installation_id!: string;
  @IsString() client_id!: string;
  /** The installed app's name. */
  @IsString() app_name!: string;
  @IsOneOf(INSTALLATION_STATUSES) status!: InstallationStatus;
  /** Space-separated granted scopes. */
  @IsString() scope!: string;
  @IsISO8601({ strict: true }) created_at!: string;
  @IsISO8601({ strict: true }) updated_at!: string;
}
export class TeamInstallationList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => TeamInstallation) installations!: TeamInstallation[];
}
/** The partner apps installed on a team (any status), newest first. */
export const listInstallations = defineRpc(SERVICE, 'auth.list-installations.v1', GetTeamRequest, TeamInstallationList);

export class TeamMember {
  @IsString() user_id!: string;
  @IsString() email!: string;
  @IsOneOf(TEAM_ROLES) role!: TeamRole;
  @IsISO8601({ strict: true }) joined_at!: string;
}
export class TeamMemberList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => TeamMember) members!: TeamMember[];
}
/** The team's dashboard users, by email. */
export const listTeamMembers = defineRpc(SERVICE, 'auth.list-team-members.v1', GetTeamRequest, TeamMemberList);

/** A change to a team's people, made by one of its owners (`actorUserId`; 403 for anyone else). */
export class TeamPeopleChange extends TeamScoped {
  @IsString() @MinLength(1) actorUserId!: string;
}
export class SetMemberRoleRequest extends TeamPeopleChange {
  @IsString() @MinLength(1) userId!: string;
  @IsOneOf(TEAM_ROLES) role!: TeamRole;
}
/** Changes a member's role; 404 for someone not in the team, 409 when it would leave the team without an owner. */
export const setMemberRole = defineRpc(SERVICE, 'auth.set-member-role.v1', SetMemberRoleRequest, TeamMember);

export class RemoveMemberRequest extends TeamPeopleChange {
  @IsString() @MinLength(1) userId!: string;
}
export class RemovedMember {
  @IsString() user_id!: string;
}
/**
 * Ends a membership (the user keeps their other teams): their dashboard sessions lose the team on their next
 * request. 404 for someone not in the team, 409 for the last owner.
 */
export const removeMember = defineRpc(SERVICE, 'auth.remove-member.v1', RemoveMemberRequest, RemovedMember);

export class CreateInvitationRequest extends TeamPeopleChange {
  @Trim() @IsEmail() @MaxLength(254) email!: string;
  @IsOneOf(TEAM_ROLES) role!: TeamRole;
}
export class Invitation {
  @IsString() invitation_id!: string;
  @IsString() email!: string;
  @IsOneOf(TEAM_ROLES) role!: TeamRole;
  @IsISO8601({ strict: true }) created_at!: string;
  @IsISO8601({ strict: true }) expires_at!: string;
}
export class CreatedInvitation extends Invitation {
  /** The secret of the invitation link, shown once (only its hash is kept). */
  @IsString() token!: string;
}
/**
 * An invitation to join the team with a role, valid 7 days: the link's secret is answered once. 409 when the email
 * is already a member.
 */
export const createInvitation = defineRpc(
  SERVICE,
  'auth.create-invitation.v1',
  CreateInvitationRequest,
  CreatedInvitation,
);

export class InvitationList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Invitation) invitations!: Invitation[];
}
/** The team's invitations not yet accepted nor expired, newest first. */
export const listInvitations = defineRpc(SERVICE, 'auth.list-invitations.v1', GetTeamRequest, InvitationList);

export class InvitationTokenRequest {
  @IsString() @MinLength(1) @MaxLength(200) token!: string;
}
export class InvitationPreview {
  @IsString() email!: string;
  @IsString() team_name!: string;
  @IsOneOf(TEAM_ROLES) role!: TeamRole;
  /** Whether the email already has a dashboard user (who then signs in with their own password to accept). */
  @IsBoolean() existing_user!: boolean;
  @IsISO8601({ strict: true }) expires_at!: string;
}
/** What an invitation link offers; 404 for an unknown, used or expired link (the same answer for all three). */
export const getInvitation = defineRpc(SERVICE, 'auth.get-invitation.v1', InvitationTokenRequest, InvitationPreview);

export class AcceptInvitationRequest extends InvitationTokenRequest {
  /** A new user's password (8 to 256 characters), or an existing user's own (checked like a sign-in). */
  @IsString() @MinLength(8) @MaxLength(256) password!: string;
}
/**
 * Accepts an invitation: a new user is created with this password, an existing one proves theirs (401 when wrong);
 * the membership starts with the invitation's role and the link is used up. 404 as for `getInvitation`.
 */
export const acceptInvitation = defineRpc(SERVICE, 'auth.accept-invitation.v1', AcceptInvitationRequest, DashboardUser);

export class ChangePasswordRequest extends UserRef {
  @IsString() @MinLength(1) @MaxLength(256) currentPassword!: string;
  @IsString() @MinLength(8) @MaxLength(256) newPassword!: string;
}
export class ChangedPassword {
  @IsString() user_id!: string;
}
/** A user changes their own password: 401 when the current one is wrong. */
export const changePassword = defineRpc(SERVICE, 'auth.change-password.v1', ChangePasswordRequest, ChangedPassword);

// --- Data-query connectors (MCP clients) authorized on a team ------------------------------------------

export const CONNECTOR_CLIENT_KINDS = ['registered', 'metadata_document'] as const;

export class TeamConnector {
  @IsString() client_id!: string;
  /** The client's own name (`client_name` of its registration or metadata document). */
  @IsString() name!: string;
  /** How the client is known: Dynamic Client Registration, or a Client ID Metadata Document (its URL). */
  @IsOneOf(CONNECTOR_CLIENT_KINDS) kind!: (typeof CONNECTOR_CLIENT_KINDS)[number];
  /** Space-separated granted scopes. */
  @IsString() scope!: string;
  /** When a user of the team authorized it (the code exchange of its current grant). */
  @IsISO8601({ strict: true }) authorized_at!: string;
  /** When it last obtained tokens (the code exchange or its latest refresh). */
  @IsISO8601({ strict: true }) last_used_at!: string;
}
export class TeamConnectorList {
  @IsArray() @ValidateNested({ each: true }) @Type(() => TeamConnector) connectors!: TeamConnector[];
}
/** The connectors holding a live grant on a team (not revoked, not expired), most recently used first. */
export const listConnectors = defineRpc(SERVICE, 'auth.list-connectors.v1', GetTeamRequest, TeamConnectorList);

export class DisconnectConnectorRequest {
  @IsString() @MinLength(1) clientId!: string;
  /** The team the connector is tied to: a connector of another team is "not found" and stays as it is. */
  @IsString() @MinLength(1) teamId!: string;
}
export class DisconnectedConnector {
  @IsString() client_id!: string;
  @IsString() team_id!: string;
}
/**
 * Dashboard disconnect of a connector: every refresh token of the (client, team) grant is revoked, so the
 * connector needs a new authorization (and team choice), and `auth.mcp-connector.disconnected.v1` tells mcp-server
 * to refuse its access tokens at once. Idempotent; 404 when the client was never authorized on the team.
 */
export const disconnectConnector = defineRpc(
  SERVICE,
  'auth.disconnect-connector.v1',
  DisconnectConnectorRequest,
  DisconnectedConnector,
);

export const CONNECTOR_DISCONNECT_REASONS = [
  'dashboard_disconnect',
  'revoked',
  'refresh_token_reuse',
  'authorization_code_reuse',
] as const;

export class McpConnectorDisconnected {
  @IsString() clientId!: string;
  @IsString() teamId!: string;
  /** When the grant was revoked: access tokens of the pair issued at or before it are refused. */
  @IsISO8601({ strict: true }) disconnectedAt!: string;
  /** Dashboard disconnect, `POST /oauth/revoke`, a rotated refresh token or a used code presented again. */
  @IsOneOf(CONNECTOR_DISCONNECT_REASONS) reason!: (typeof CONNECTOR_DISCONNECT_REASONS)[number];
}
/**
 * A connector's (client, team) grant was revoked, in the transaction of the revoke: mcp-server stops accepting its
 * access tokens issued until then (they would otherwise live out their 900 s). Not emitted when authorizing again
 * replaces a grant (the new tokens are the connector's).
 */
export const mcpConnectorDisconnected = defineEvent('auth.mcp-connector.disconnected.v1', McpConnectorDisconnected);
