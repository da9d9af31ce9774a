import { Logger } from '@nestjs/common';
import { decodeJwt, decodeProtectedHeader, errors, type JWTVerifyGetKey } from 'jose';
import { accessTokenKeys, verifyAccessToken } from '@cps/platform';
import { looksLikeJwt } from './auth-errors.js';

export interface OAuthTokenOptions {
  /** `iss` of every access token (auth-server). */
  issuer: string;
  /** `aud` the REST API accepts: `{base_url}`. */
  audience: string;
  jwksUrl: string;
  /** Whether the connector's or app's tokens on that team issued at `issuedAt` (seconds) were revoked since. */
  isRevoked?: (clientId: string, teamId: string, issuedAt: number | undefined) => boolean;
}

export interface OAuthTokenClaims {
  /** `service_client_id`: the team that authorized; the tenant of every request made with the token. */
  teamId: string;
  clientId: string;
  scopes: string[];
}

export type OAuthVerdict = { valid: true; claims: OAuthTokenClaims } | { valid: false; reason: string };

/** The JWKS could not be had (down, timeout, garbage): a 503, not the client's fault. */
export class KeySetUnavailableError extends Error {}

// Failures that say something about the token itself; anything else happened while fetching keys.
const TOKEN_FAULTS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKInvalid,
];

/**
 * Partner and connector access tokens (ADR 0004): RFC 9068 JWTs (`typ: at+jwt`) from auth-server,
 * verified against its JWKS (cached; fetched again for an unknown `kid`, at most every 30 s).
 */
export class OAuthTokens {
  private readonly logger = new Logger('OAuthTokens');
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly options: OAuthTokenOptions,
    keys?: JWTVerifyGetKey,
  ) {
    this.keys = keys ?? accessTokenKeys(options.jwksUrl);
  }

  /** Throws KeySetUnavailableError when the keys cannot be fetched. */
  async verify(token: string): Promise<OAuthVerdict> {
    if (!looksLikeJwt(token)) return { valid: false, reason: 'malformed token' };
    // Tokens of other issuers (connection tokens among them) are refused before any key is fetched.
    if (!this.fromIssuer(token)) return { valid: false, reason: 'not an access token of this API' };
    try {
      const { payload, teamId, clientId, scopes } = await verifyAccessToken(token, this.keys, this.options);
      if (!teamId) return { valid: false, reason: 'no service_client_id claim' };
      if (this.options.isRevoked?.(clientId, teamId, payload.iat)) return { valid: false, reason: 'token revoked' };
      return { valid: true, claims: { teamId, clientId, scopes } };
    } catch (error) {
      if (TOKEN_FAULTS.some((fault) => error instanceof fault)) {
        return { valid: false, reason: error instanceof errors.JWTExpired ? 'token expired' : 'invalid token' };
      }
      this.logger.warn(`JWKS unavailable: ${(error as Error).message}`);
      throw new KeySetUnavailableError((error as Error).message);
    }
  }

  private fromIssuer(token: string): boolean {
    try {
      const typ = decodeProtectedHeader(token).typ?.toLowerCase();
      return (typ === 'at+jwt' || typ === 'application/at+jwt') && decodeJwt(token).iss === this.options.issuer;
    } catch {
      return false;
    }
  }
}
