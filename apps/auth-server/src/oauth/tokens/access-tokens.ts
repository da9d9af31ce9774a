import { type Clock } from '@cps/domain';
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWTVerifyGetKey } from 'jose';
import { publicJwks, type SigningKey } from '../keys/signing-keys.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './refresh-policy.js';

export interface AccessTokenClaims {
  /** The dashboard user who authorized. */
  sub: string;
  client_id: string;
  scope: string;
  /** The dashboard team that authorized (the tenant). */
  service_client_id: string;
}

/**
 * Partner access tokens per ADR 0004: RFC 9068 JWTs (`typ: at+jwt`) signed with the first configured key,
 * `iss` = {auth_url}, `aud` = {base_url}, 900 s, times from the injected clock.
 */
export class AccessTokens {
  private readonly verifyKey: JWTVerifyGetKey;
  /** The signing key, imported once: an import per token was a twentieth of a refresh's CPU time. */
  private signingKey?: Promise<CryptoKey | Uint8Array>;

  constructor(
    private readonly keys: SigningKey[],
    private readonly issuer: string,
    private readonly audience: string,
    private readonly clock: Clock,
  ) {
    this.verifyKey = createLocalJWKSet(publicJwks(keys) as Parameters<typeof createLocalJWKSet>[0]);
  }

  /** `audience` defaults to `{base_url}`; a connector's token names `{mcp_url}` (and `{base_url}` for REST scopes). */
  async issue(
    claims: AccessTokenClaims,
    audience: string | string[] = this.audience,
  ): Promise<{ token: string; expiresIn: number }> {
    const signer = this.keys[0]!;
    this.signingKey ??= importJWK(signer.jwk, signer.alg);
    const key = await this.signingKey;
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(key);
    return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  /** The claims of a valid, unexpired token of ours; null for anything else. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.verifyKey, {
        issuer: this.issuer,
        audience: this.audience,
        typ: 'at+jwt',
        algorithms: ['ES256', 'RS256'],
        currentDate: this.clock.now(),
        clockTolerance: 0,
      });
      const { sub, client_id, scope, service_client_id } = payload;
      if (typeof sub !== 'string' || typeof client_id !== 'string' || typeof scope !== 'string') return null;
      if (typeof service_client_id !== 'string') return null;
      return { sub, client_id, scope, service_client_id };
    } catch {
      return null;
    }
  }
}
