import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { type Request } from 'express';
import { type Principal } from './principal.js';

/** OAuth scopes the REST API knows (seed: Authentication; INTERFACE-DECISIONS: webhooks, simulator, products). */
export const OAUTH_SCOPES = {
  'connections:read': 'Read connections and their activity; list link tokens',
  'connections:write': 'Create, change and delete connections; create and revoke link tokens',
  'retailers:read': 'List retailers and their configuration for the team',
  'retailers:write': 'Enable, disable and configure retailers (data-query connectors only)',
  'purchases:brand_products': "Read purchases, narrowed to the items matched to the team's products",
  'webhooks:read': 'Read webhook destinations and deliveries',
  'webhooks:write': 'Create, change and delete webhook destinations; retry deliveries',
  'simulator:write': 'Create simulated connections and purchases',
  'products:read': "Read the team's product catalog",
  'products:write': "Upload, change and delete the team's products",
} as const;
export type OAuthScope = keyof typeof OAUTH_SCOPES;

/** Connection tokens carry this scope (seed: `POST /connections/{id}/token`, scope `access`). */
export const CONNECTION_TOKEN_SCOPE = 'access';

/**
 * Which credentials a route accepts. Any one alternative is enough:
 * - `apiKey`: `X-Api-Key` alone;
 * - `connectionToken`: `X-Api-Key` plus `Authorization: Bearer <connection token>` of the same team;
 * - `oauth`: an OAuth access token with that scope and no API key.
 * A route that names none of them is `public` (no credentials; still rate limited by address).
 */
export interface AccessPolicy {
  public: boolean;
  /** Public, but the caller signs each request and the handler checks it (see SignedAccess). */
  signed?: true;
  apiKey: boolean;
  connectionToken: boolean;
  oauth?: OAuthScope;
}

export const ACCESS_POLICY = Symbol('ACCESS_POLICY');

export type AccessPolicyInput = { apiKey?: true; connectionToken?: true; oauth?: OAuthScope };

/** The OpenAPI security schemes of the document (openapi-document.ts declares them). */
export const SECURITY_SCHEMES = { apiKey: 'ApiKey', connectionToken: 'ConnectionToken', oauth: 'OAuth2' } as const;

/**
 * Declares the credentials a route (or every route of a controller) accepts; see AccessPolicy. The same
 * declaration is the operation's `security` in the OpenAPI document, alternatives in this order.
 */
export const Access = (input: AccessPolicyInput) => {
  const alternatives: Array<Record<string, string[]>> = [];
  if (input.apiKey) alternatives.push({ [SECURITY_SCHEMES.apiKey]: [] });
  if (input.connectionToken)
    alternatives.push({ [SECURITY_SCHEMES.apiKey]: [], [SECURITY_SCHEMES.connectionToken]: [] });
  if (input.oauth) alternatives.push({ [SECURITY_SCHEMES.oauth]: [input.oauth] });
  return applyDecorators(
    SetMetadata<symbol, AccessPolicy>(ACCESS_POLICY, {
      public: false,
      apiKey: input.apiKey ?? false,
      connectionToken: input.connectionToken ?? false,
      ...(input.oauth ? { oauth: input.oauth } : {}),
    }),
    ...alternatives.map((alternative) => ApiSecurity(alternative)),
  );
};

/** A route anyone may call (documents, images). */
export const PublicAccess = () =>
  SetMetadata<symbol, AccessPolicy>(ACCESS_POLICY, { public: true, apiKey: false, connectionToken: false });

/**
 * A route whose caller signs every request and whose handler checks the signature (retailer pushes). It is not
 * limited by address like other public routes, since one retailer pushes for all of its shoppers from a few
 * addresses: an address whose signatures keep failing is refused before the handler (`RateLimitGate.countFailure`
 * spends its budget), and a request whose signature holds spends its signer's budget (`RateLimitGate.admitSigner`).
 */
export const SignedAccess = () =>
  SetMetadata<symbol, AccessPolicy>(ACCESS_POLICY, {
    public: true,
    signed: true,
    apiKey: false,
    connectionToken: false,
  });

export type RequestWithPrincipal = Request & { principal?: Principal };

/** The authenticated caller; only on routes with a non-public Access policy. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal) throw new Error('@Caller() used on a route without an Access policy');
  return principal;
});
