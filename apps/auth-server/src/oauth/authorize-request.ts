import { resolveConnectorScope } from './connectors/connector-scope.js';
import { resolveRequestedScope } from './scope-policy.js';

/** What the authorization endpoint knows about the app named by `client_id`. */
export interface RegisteredApp {
  redirectUris: string[];
  /** A data-query connector (public client): resource `{mcp_url}`, connector scopes. */
  connector?: boolean;
}

export type AuthorizeVerdict =
  /** Valid: hand the request to oidc-provider, with `scope` filled in when it was omitted. */
  | { kind: 'accept'; scope: string; resource: string }
  /** `client_id` or `redirect_uri` cannot be trusted: never redirect, show an error page. */
  | { kind: 'error-page'; error: string; description: string }
  /** Any other failure goes back to the verified redirect URI with `error` (and `state` when there is one). */
  | { kind: 'error-redirect'; redirectUri: string; error: string; description: string; state?: string };

const SINGLE_VALUED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'resource',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'response_mode',
] as const;

/** base64url of a SHA-256 digest: 32 bytes, 43 characters, no padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Every rule of the seed's `GET /oauth/authorize` table, in the order RFC 6749 §4.1.2.1 needs: the
 * client and redirect URI first (errors shown on a page), then the rest (errors sent to the client).
 */
export async function checkAuthorizeRequest(
  params: URLSearchParams,
  baseUrl: string,
  findApp: (clientId: string) => Promise<RegisteredApp | null>,
  mcpUrl?: string,
): Promise<AuthorizeVerdict> {
  const page = (description: string): AuthorizeVerdict => ({
    kind: 'error-page',
    error: 'invalid_request',
    description,
  });
  const clientIds = params.getAll('client_id');
  if (clientIds.length !== 1 || !clientIds[0]) return page('client_id is required, exactly once');
  const app = await findApp(clientIds[0]);
  if (!app) return page('client_id is not a registered app');
  const redirectUris = params.getAll('redirect_uri');
  if (redirectUris.length !== 1 || !redirectUris[0]) return page('redirect_uri is required, exactly once');
  const redirectUri = redirectUris[0];
  if (!app.redirectUris.includes(redirectUri)) return page('redirect_uri is not registered for this app');

  const states = params.getAll('state');
  const state = states.length === 1 && states[0] ? states[0] : undefined;
  const refuse = (error: string, description: string): AuthorizeVerdict => ({
    kind: 'error-redirect',
    redirectUri,
    error,
    description,
    ...(state !== undefined ? { state } : {}),
  });

  for (const name of SINGLE_VALUED) {
    if (params.getAll(name).length > 1) return refuse('invalid_request', `${name} must not be repeated`);
  }
  if (params.has('request')) return refuse('request_not_supported', 'request objects are not supported');
  if (params.has('request_uri')) return refuse('request_uri_not_supported', 'request_uri is not supported');

  const responseType = params.get('response_type');
  if (!responseType) return refuse('invalid_request', 'response_type is required');
  if (responseType !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
  const responseMode = params.get('response_mode');
  if (responseMode !== null && responseMode !== 'query')
    return refuse('invalid_request', 'response_mode must be query');

  // OAuth 2.1 with PKCE leaves `state` to the client; partner apps must send it (seed).
  if (state === undefined && !app.connector) return refuse('invalid_request', 'state is required');

  let resource = params.get('resource');
  let scope: ReturnType<typeof resolveRequestedScope>;
  if (app.connector && mcpUrl) {
    // Connectors (MCP clients) are authorized for the data-query server; RFC 8707 makes `resource` optional.
    resource ??= mcpUrl;
    if (resource !== mcpUrl) return refuse('invalid_target', `resource must be ${mcpUrl}`);
    scope = resolveConnectorScope(params.get('scope') ?? undefined);
    if (!scope.ok) {
      return refuse('invalid_scope', 'scope must hold mcp:read and only connector scopes, each once');
    }
  } else {
    if (!resource) return refuse('invalid_request', 'resource is required');
    if (resource !== baseUrl) return refuse('invalid_target', `resource must be ${baseUrl}`);
    scope = resolveRequestedScope(params.has('scope') ? (params.get('scope') ?? '') : undefined);
    if (!scope.ok) {
      return refuse(
        'invalid_scope',
        'scope must be omitted or be connections:read retailers:read purchases:brand_products, each once',
      );
    }
  }

  const method = params.get('code_challenge_method');
  if (!method) return refuse('invalid_request', 'code_challenge_method is required');
  if (method !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256');
  const challenge = params.get('code_challenge');
  if (!challenge) return refuse('invalid_request', 'code_challenge is required');
  if (!S256_CHALLENGE.test(challenge)) {
    return refuse('invalid_request', 'code_challenge must be the base64url SHA-256 digest of the verifier');
  }
  return { kind: 'accept', scope: scope.scope, resource };
}

/** The callback URL for an error: `error`, `error_description`, `state` (when known) and `iss` (RFC 9207). */
export function errorRedirectUrl(
  verdict: Extract<AuthorizeVerdict, { kind: 'error-redirect' }>,
  issuer: string,
): string {
  const url = new URL(verdict.redirectUri);
  url.searchParams.set('error', verdict.error);
  url.searchParams.set('error_description', verdict.description);
  if (verdict.state !== undefined) url.searchParams.set('state', verdict.state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}
