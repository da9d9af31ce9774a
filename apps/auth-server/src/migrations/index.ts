import { CreateAuthSchema1732200000000 } from './1732200000000-create-auth-schema.js';
import { PartnerOauth1732400000000 } from './1732400000000-partner-oauth.js';
import { CreateAuthRole1734000000000 } from './1734000000000-create-auth-role.js';
import { IdempotentReplies1734600000000 } from './1734600000000-idempotent-replies.js';
import { TeamRateLimits1734800000000 } from './1734800000000-team-rate-limits.js';
import { PartnerWebhookSecretRotation1734900000000 } from './1734900000000-partner-webhook-secret-rotation.js';
import { TeamSharingProfile1735100000000 } from './1735100000000-team-sharing-profile.js';
import { ConnectorClients1735300000000 } from './1735300000000-connector-clients.js';
import { TeamBranding1736100000000 } from './1736100000000-team-branding.js';
import { ConnectorTokensByTeam1736200000000 } from './1736200000000-connector-tokens-by-team.js';
import { OutboxOrderingKey1737200000000 } from './1737200000000-outbox-ordering-key.js';
import { SignInThrottle1738200000000 } from './1738200000000-sign-in-throttle.js';
import { TeamRedirectOrigins1738200000001 } from './1738200000001-team-redirect-origins.js';
import { TeamRolesAndInvitations1738300000000 } from './1738300000000-team-roles-and-invitations.js';
import { ApiKeyUsageAndExpiry1738300000001 } from './1738300000001-api-key-usage-and-expiry.js';

export const migrations = [
  CreateAuthSchema1732200000000,
  PartnerOauth1732400000000,
  CreateAuthRole1734000000000,
  IdempotentReplies1734600000000,
  TeamRateLimits1734800000000,
  PartnerWebhookSecretRotation1734900000000,
  TeamSharingProfile1735100000000,
  ConnectorClients1735300000000,
  TeamBranding1736100000000,
  ConnectorTokensByTeam1736200000000,
  OutboxOrderingKey1737200000000,
  SignInThrottle1738200000000,
  TeamRedirectOrigins1738200000001,
  TeamRolesAndInvitations1738300000000,
  ApiKeyUsageAndExpiry1738300000001,
];
